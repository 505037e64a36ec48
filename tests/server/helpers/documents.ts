// Uploading and publishing documents in server tests, and files of every kind made in memory.
import { crc32 } from 'node:zlib'
import { v7 as uuidv7 } from 'uuid'
import type { CollegeDocument, DocumentFile, DocumentInput } from '#shared/documents.schema.ts'
import { tinyPdf } from '../../../src/server/db/demo-documents.ts'
import { body, EN } from './http.ts'
import type { TestApp } from './test-app.ts'

export const PDF = tinyPdf(['Circular de prueba'])

/** A ZIP archive with its entries stored as they are (what office files are made of). */
export function makeZip(entries: { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += 30 + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export function makeDocx(options: { macros?: boolean; pages?: number } = {}): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'word/document.xml', data: '<w:document/>' },
    { name: 'docProps/app.xml', data: `<Properties><Pages>${options.pages ?? 2}</Pages></Properties>` },
    ...(options.macros ? [{ name: 'word/vbaProject.bin', data: 'macro' }] : []),
  ])
}

export function upload(t: TestApp, token: string, data: Buffer, name: string, fileId = uuidv7()) {
  const form = new FormData()
  form.set('id', fileId)
  form.set('file', new Blob([new Uint8Array(data)]), name)
  return t.request('POST', '/api/v1/document-files', { token, body: form, headers: EN })
}

export function documentInput(fileId: string, overrides: Partial<DocumentInput> = {}): DocumentInput {
  return {
    id: uuidv7(),
    file_id: fileId,
    title: 'Circular',
    description: '',
    category_id: null,
    published_on: '2026-03-02',
    grades: ['all'],
    courses: ['all'],
    users: [],
    ...overrides,
  }
}

/** Uploads a PDF and publishes it with these choices: the document as the API answers it. */
export async function publish(
  t: TestApp,
  token: string,
  overrides: Partial<DocumentInput> = {},
  data: Buffer = PDF,
): Promise<CollegeDocument> {
  const file = await body<DocumentFile>(await upload(t, token, data, 'documento.pdf'))
  const res = await t.request('POST', '/api/v1/documents', {
    token,
    json: documentInput(file.id, overrides),
    headers: EN,
  })
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${await res.text()}`)
  return body<CollegeDocument>(res)
}

export async function mintLink(t: TestApp, token: string, id: string, disposition = 'inline') {
  return t.request('POST', `/api/v1/documents/${id}/link`, { token, json: { disposition }, headers: EN })
}
