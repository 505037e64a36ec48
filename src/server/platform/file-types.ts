// What a file is, read from its bytes and never from its name: a renamed program or web page is
// refused whatever it is called.
import { zipEntries, zipEntryText } from './zip-entries.ts'

export type FileKind = 'pdf' | 'image' | 'word' | 'spreadsheet' | 'presentation' | 'text'
export type SniffedFile =
  | { kind: FileKind; mime: string; ext: string; pages: number | null }
  | { refused: 'type' | 'macros' }

export function isPdf(data: Buffer): boolean {
  // A PDF starts with its version line and ends (give or take a few bytes) with its end-of-file mark.
  return (
    data.subarray(0, 5).toString('latin1') === '%PDF-' &&
    data.subarray(-1024).toString('latin1').includes('%%EOF')
  )
}

/** Pages of a PDF where the page objects are readable (not packed in compressed object streams). */
function pdfPages(data: Buffer): number | null {
  const text = data.toString('latin1')
  const pages = text.match(/\/Type\s{0,9}\/Page(?![a-zA-Z])/g)?.length ?? 0
  if (pages > 0) return pages
  let most = 0
  // The page tree's root counts every page; other /Count entries (outlines) are smaller as a rule.
  for (const match of text.matchAll(/\/Count\s{0,9}(\d{1,6})/g)) most = Math.max(most, Number(match[1]))
  return most > 0 ? most : null
}

export function isImage(data: Buffer): boolean {
  const head = data.subarray(0, 12)
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
  )
}

const OOXML: { marker: string; kind: FileKind; mime: string; ext: string; count: RegExp }[] = [
  {
    marker: 'word/document.xml',
    kind: 'word',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    count: /<Pages>(\d+)<\/Pages>/,
  },
  {
    marker: 'xl/workbook.xml',
    kind: 'spreadsheet',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    count: /^$/,
  },
  {
    marker: 'ppt/presentation.xml',
    kind: 'presentation',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ext: 'pptx',
    count: /<Slides>(\d+)<\/Slides>/,
  },
]

const ODF: Record<string, { kind: FileKind; ext: string }> = {
  'application/vnd.oasis.opendocument.text': { kind: 'word', ext: 'odt' },
  'application/vnd.oasis.opendocument.spreadsheet': { kind: 'spreadsheet', ext: 'ods' },
  'application/vnd.oasis.opendocument.presentation': { kind: 'presentation', ext: 'odp' },
}

function officeZip(data: Buffer): SniffedFile | undefined {
  const entries = zipEntries(data)
  if (!entries) return undefined
  const names = new Set(entries.map((e) => e.name))
  // Macros run code on the reader's computer: a school app is no way to hand those around.
  if (entries.some((e) => /(^|\/)vbaProject\.bin$|^Basic\/|^Scripts\//i.test(e.name)))
    return { refused: 'macros' }
  const first = entries[0]
  if (first?.name === 'mimetype') {
    const mime = zipEntryText(data, first, 200)?.trim() ?? ''
    const odf = ODF[mime]
    if (odf) return { ...odf, mime, pages: null }
  }
  if (!names.has('[Content_Types].xml')) return undefined
  const type = OOXML.find((t) => names.has(t.marker))
  if (!type) return undefined
  const app = entries.find((e) => e.name === 'docProps/app.xml')
  const count = app ? zipEntryText(data, app)?.match(type.count)?.[1] : undefined
  return { kind: type.kind, mime: type.mime, ext: type.ext, pages: count ? Number(count) : null }
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const OLE_TYPES: Record<string, { kind: FileKind; mime: string }> = {
  doc: { kind: 'word', mime: 'application/msword' },
  xls: { kind: 'spreadsheet', mime: 'application/vnd.ms-excel' },
  ppt: { kind: 'presentation', mime: 'application/vnd.ms-powerpoint' },
}

/** An Office 97-2003 file: the container is checked by content, which of the three by its name. */
function legacyOffice(data: Buffer, name: string): SniffedFile | undefined {
  if (!data.subarray(0, 8).equals(OLE2)) return undefined
  const ext = name.split('.').pop()?.toLowerCase() ?? ''
  const type = OLE_TYPES[ext]
  if (!type) return { refused: 'type' }
  if (
    data.includes(Buffer.from('_VBA_PROJECT', 'utf16le')) ||
    data.includes(Buffer.from('Macros', 'utf16le'))
  )
    return { refused: 'macros' }
  return { ...type, ext, pages: null }
}

// Markup a browser would run as a page or a picture with scripts, whatever the name says.
const MARKUP = /^\s*(<\?xml|<!doctype|<html|<head|<body|<script|<svg|<iframe|<!--)/i

function plainText(data: Buffer, name: string): SniffedFile | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark a binary file
  const binary = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/
  const head = data.subarray(0, 64 * 1024).toString('latin1')
  if (binary.test(head) || MARKUP.test(head.replace(/^\uFEFF|^ï»¿/, ''))) return undefined
  let utf8 = true
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    utf8 = false
  }
  const csv = name.toLowerCase().endsWith('.csv')
  return {
    kind: 'text',
    mime: `${csv ? 'text/csv' : 'text/plain'}; charset=${utf8 ? 'utf-8' : 'windows-1252'}`,
    ext: csv ? 'csv' : 'txt',
    pages: null,
  }
}

/** The type of an uploaded document, or why it is refused. Images are checked further by decoding. */
export function sniffDocument(data: Buffer, name: string): SniffedFile {
  if (data.length === 0) return { refused: 'type' }
  if (isPdf(data)) return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf', pages: pdfPages(data) }
  if (isImage(data)) return { kind: 'image', mime: 'image/webp', ext: 'webp', pages: null }
  return officeZip(data) ?? legacyOffice(data, name) ?? plainText(data, name) ?? { refused: 'type' }
}
