// Documents: who sees which (course, grade, named family), files checked by content and limited to
// 20 MB, signed addresses that expire and cannot be altered, opens counted, folders kept tidy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadReport } from '#shared/audience.schema.ts'
import type {
  CollegeDocument,
  DocumentCategory,
  DocumentFile,
  DocumentLink,
} from '#shared/documents.schema.ts'
import { signLink } from '../../src/server/platform/signed-links.ts'
import { makeDocx, makeZip, mintLink, PDF, publish, upload } from './helpers/documents.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { makeImage } from './helpers/images.ts'
import { addUserLike } from './helpers/people.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { deleteIds, pullAll, putIds } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

describe(`documents (${dialect})`, () => {
  let t: TestApp
  let ids: DemoIds
  const token: Record<string, string> = {}
  const id: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp()
    ids = await demoIds(t)
    for (const who of ['admin', 'staff', 'guardian', 'student', 'student2']) {
      token[who] = await t.login(`${who}@demo.test`)
      id[who] = await userIdOf(t.db, `${who}@demo.test`)
    }
    await addUserLike(t, 'guardian@demo.test', 'outsider@demo.test', 'Olga')
    token.outsider = await t.login('outsider@demo.test')
  })
  afterAll(() => t.close())

  const visibleTo = async (who: string) => putIds((await pullAll(t, token[who]!)).changes, 'documents')
  const fetchLink = (link: DocumentLink, host = 'localhost') => t.request('GET', link.url, { host })

  it('a document for one course reaches its families only, and its file opens through a signed address', async () => {
    const doc = await publish(t, token.staff!, {
      title: 'Autorización',
      grades: [ids.grade1],
      courses: [ids.course1A],
    })
    expect(doc).toMatchObject({ title: 'Autorización', file: { kind: 'pdf', pages: 1, size: PDF.length } })
    expect(doc.audience).toEqual({ grades: [ids.grade1], courses: [ids.course1A], users: [] })
    expect(await visibleTo('guardian')).toContain(doc.id)
    expect(await visibleTo('student')).toContain(doc.id)
    expect(await visibleTo('student2')).not.toContain(doc.id)
    expect(await visibleTo('outsider')).not.toContain(doc.id)
    // Families never learn who else a document is for.
    const mirrored = (await pullAll(t, token.guardian!)).changes.find((c) => c.id === doc.id) as {
      data: CollegeDocument
    }
    expect(mirrored.data.audience).toBeNull()

    const minted = await mintLink(t, token.guardian!, doc.id)
    expect(minted.status).toBe(200)
    const link = await body<DocumentLink>(minted)
    expect(link.url).toMatch(new RegExp(`^/files/documents/${doc.id}\\?e=\\d+&d=inline&s=`))
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000)
    const file = await fetchLink(link)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''documento.pdf`)
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true)
    // Nothing in it runs, but the browser's PDF viewer (a plugin) may show it; no shared cache keeps it.
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(file.headers.get('content-security-policy')).toContain("object-src 'self'")
    expect(file.headers.get('cache-control')).toBe('private, no-store')
    const download = await body<DocumentLink>(await mintLink(t, token.guardian!, doc.id, 'attachment'))
    expect((await fetchLink(download)).headers.get('content-disposition')).toMatch(/^attachment;/)

    // Nobody else can mint one, nor read the thumbnail or the document.
    expect((await mintLink(t, token.student2!, doc.id)).status).toBe(404)
    expect((await mintLink(t, token.outsider!, doc.id)).status).toBe(404)
    expect((await t.request('GET', `/api/v1/documents/${doc.id}`, { token: token.student2 })).status).toBe(
      404,
    )
    // Another college's host never serves it, even with a genuine signature.
    expect((await fetchLink(link, 'beta.localhost')).status).toBe(404)
  })

  it('a signed address that is altered, expired or made for another file is refused', async () => {
    const doc = await publish(t, token.staff!)
    const link = await body<DocumentLink>(await mintLink(t, token.guardian!, doc.id))
    const url = new URL(link.url, 'http://localhost')
    const altered = (key: string, value: string) => {
      const copy = new URL(url)
      copy.searchParams.set(key, value)
      return t.request('GET', `${copy.pathname}${copy.search}`)
    }
    expect((await altered('e', String(Number(url.searchParams.get('e')) + 3600))).status).toBe(404)
    expect((await altered('d', 'attachment')).status).toBe(404)
    expect((await altered('s', `${url.searchParams.get('s')!.slice(0, -2)}AA`)).status).toBe(404)
    expect((await t.request('GET', url.pathname)).status).toBe(404)
    // A genuine signature whose time has passed: 403 with a message that says what to do.
    const past = signLink(
      t.config.appKey,
      `document:${doc.id}:${doc.file.id}`,
      'inline',
      60,
      Date.now() - 3600_000,
    )
    const expired = await t.request('GET', `${url.pathname}?${past.query}`, { headers: EN })
    expect(expired.status).toBe(403)
    expect((await body<ErrorBody>(expired)).message).toBe(
      'This link has expired. Please open the document again from the app.',
    )
    // Deleted: the address minted before stops working at once.
    expect((await t.request('DELETE', `/api/v1/documents/${doc.id}`, { token: token.staff })).status).toBe(
      204,
    )
    expect((await fetchLink(link)).status).toBe(404)
  })

  it('a report card for one student reaches that family only, and the staff see whether they opened it', async () => {
    const doc = await publish(t, token.staff!, {
      title: 'Informe de notas',
      grades: [],
      courses: [],
      users: [id.student!],
    })
    expect(doc.audience?.users).toEqual([{ id: id.student, name: 'Tomás Apoderada' }])
    expect(await visibleTo('guardian')).toContain(doc.id)
    expect(await visibleTo('student')).toContain(doc.id)
    for (const other of ['student2', 'outsider']) {
      expect(await visibleTo(other)).not.toContain(doc.id)
      expect((await mintLink(t, token[other]!, doc.id)).status).toBe(404)
    }
    const report = async () =>
      body<ReadReport>(await t.request('GET', `/api/v1/documents/${doc.id}/opens`, { token: token.staff }))
    expect(await report()).toMatchObject({ read: 0, total: 2 })

    // Opened offline yesterday, synced today: the open counts with its own time, once.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    const opened = await t.request('POST', `/api/v1/documents/${doc.id}/opened`, {
      token: token.guardian,
      json: { opened_at: yesterday },
    })
    expect(await body(opened)).toEqual({ id: doc.id, document_id: doc.id, opened_at: yesterday })
    await t.request('POST', `/api/v1/documents/${doc.id}/opened`, {
      token: token.guardian,
      json: { opened_at: new Date().toISOString() },
    })
    const { changes } = await pullAll(t, token.guardian!)
    const opens = changes.filter((c) => c.collection === 'document_opens' && c.id === doc.id)
    expect(opens.at(-1)).toMatchObject({ data: { opened_at: yesterday } })
    expect(await report()).toEqual({
      read: 1,
      total: 2,
      unread: [{ id: id.student, name: 'Tomás Apoderada' }],
    })
    // Only those who manage documents see the report; a family cannot report an open of what it cannot see.
    expect(
      (await t.request('GET', `/api/v1/documents/${doc.id}/opens`, { token: token.guardian })).status,
    ).toBe(403)
    const sneaky = await t.request('POST', `/api/v1/documents/${doc.id}/opened`, {
      token: token.outsider,
      json: { opened_at: yesterday },
    })
    expect(sneaky.status).toBe(404)
  })

  it('a document moved to another course leaves the first course’s mirrors, telling nobody else its id', async () => {
    const doc = await publish(t, token.staff!, { grades: [ids.grade1], courses: [ids.course1A] })
    const before = {
      guardian: (await pullAll(t, token.guardian!)).cursor,
      student2: (await pullAll(t, token.student2!)).cursor,
      outsider: (await pullAll(t, token.outsider!)).cursor,
    }
    const moved = await t.request('PUT', `/api/v1/documents/${doc.id}`, {
      token: token.staff,
      json: {
        file_id: doc.file.id,
        title: doc.title,
        published_on: doc.published_on,
        grades: [ids.grade2],
        courses: [ids.course2A],
        users: [],
      },
      headers: { 'if-match': `"${doc.updated_at}"` },
    })
    expect(moved.status).toBe(200)
    const after = async (who: 'guardian' | 'student2' | 'outsider') =>
      (await pullAll(t, token[who]!, { since: before[who] })).changes
    expect(deleteIds(await after('guardian'), 'documents')).toEqual([doc.id])
    expect(putIds(await after('student2'), 'documents')).toEqual([doc.id])
    expect((await after('outsider')).filter((c) => c.id === doc.id)).toEqual([])
    // An edit from a stale copy is a conflict, not a silent overwrite.
    const stale = await t.request('PUT', `/api/v1/documents/${doc.id}`, {
      token: token.staff,
      json: {
        file_id: doc.file.id,
        title: 'Otro',
        published_on: doc.published_on,
        grades: ['all'],
        courses: ['all'],
      },
      headers: { 'if-match': `"${doc.updated_at}"` },
    })
    expect(stale.status).toBe(409)
  })

  it('files are judged by their content: programs, web pages and macros are refused whatever their name', async () => {
    const refused = async (data: Buffer, name: string) => {
      const res = await upload(t, token.staff!, data, name)
      expect(res.status, name).toBe(422)
      return (await body<ErrorBody>(res)).errors?.file?.[0]
    }
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)])
    expect(await refused(exe, 'circular.pdf')).toBe(
      'Please choose a PDF, a picture, an office document or a plain text file.',
    )
    expect(await refused(Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'notas.txt')).toBeDefined()
    expect(await refused(Buffer.from('<svg onload="alert(1)"/>'), 'logo.png')).toBeDefined()
    expect(
      await refused(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 0)]), 'trunc.pdf'),
    ).toBeDefined()
    expect(await refused(makeZip([{ name: 'evil.exe', data: 'MZ' }]), 'tarea.docx')).toBeDefined()
    expect(await refused(makeDocx({ macros: true }), 'planilla.docx')).toBe(
      'Files with macros cannot be shared. Please save it without macros and try again.',
    )

    const accepted = async (data: Buffer, name: string) => {
      const res = await upload(t, token.staff!, data, name)
      expect(res.status, name).toBe(201)
      return body<DocumentFile>(res)
    }
    expect(await accepted(makeDocx({ pages: 3 }), 'guía.bin')).toMatchObject({
      kind: 'word',
      name: 'guía.docx',
      pages: 3,
    })
    expect(await accepted(Buffer.from('Lista de útiles\n- Cuaderno\n'), 'utiles.txt')).toMatchObject({
      kind: 'text',
      has_thumb: false,
    })
    const picture = await accepted(await makeImage('jpeg', 1200, 800), 'foto.jpg')
    expect(picture).toMatchObject({ kind: 'image', name: 'foto.webp', has_thumb: true })
    // Families cannot upload at all.
    expect((await upload(t, token.guardian!, PDF, 'x.pdf')).status).toBe(403)
  })

  it('a file over 20 MB is refused with a 413 that says so, and nothing is stored', async () => {
    const big = Buffer.concat([
      PDF.subarray(0, 9),
      Buffer.alloc(20 * 1024 * 1024 + 1, 32),
      Buffer.from('\n%%EOF\n'),
    ])
    const res = await upload(t, token.staff!, big, 'enorme.pdf')
    expect(res.status).toBe(413)
    expect((await body<ErrorBody>(res)).message).toBe('This file is larger than 20 MB.')
    const huge = await upload(t, token.staff!, Buffer.concat([big, Buffer.alloc(4 * 1024 * 1024)]), 'más.pdf')
    expect(huge.status).toBe(413)
    expect((await body<ErrorBody>(huge)).message).toBe('This file is larger than 20 MB.')
  })

  it('a document must say who reads it, name people of this college and not be dated in the future', async () => {
    const file = await body<DocumentFile>(await upload(t, token.staff!, PDF, 'a.pdf'))
    const create = (json: object) =>
      t.request('POST', '/api/v1/documents', { token: token.staff, json, headers: EN })
    const base = { id: crypto.randomUUID(), file_id: file.id, title: 'x', published_on: '2026-01-05' }
    const none = await create({ ...base, grades: [], courses: [], users: [] })
    expect((await body<ErrorBody>(none)).errors?.grades?.[0]).toBe(
      'Please choose who can read it: the whole college, grades, courses or people.',
    )
    const betaPerson = await userIdOf(t.db, 'guardian@beta.test')
    const stranger = await create({ ...base, grades: [], courses: [], users: [betaPerson] })
    expect((await body<ErrorBody>(stranger)).errors?.users?.[0]).toBe(
      'One of the people chosen is not in this college.',
    )
    const future = await create({ ...base, grades: ['all'], courses: ['all'], published_on: '2099-01-01' })
    expect((await body<ErrorBody>(future)).errors?.published_on?.[0]).toBe(
      'The publication date cannot be later than today.',
    )
    // Someone else's upload cannot be published by another author.
    const other = await create({ ...base, grades: ['all'], courses: ['all'] })
    expect(other.status).toBe(201)
    const again = await t.request('POST', '/api/v1/documents', {
      token: token.admin,
      json: { ...base, id: crypto.randomUUID(), grades: ['all'], courses: ['all'] },
      headers: EN,
    })
    expect(again.status).toBe(422)
  })

  it('folders nest, keep one name per folder, refuse loops, and stay while they hold something', async () => {
    const make = (json: object) =>
      t.request('POST', '/api/v1/document-categories', { token: token.staff, json, headers: EN })
    const top = await body<DocumentCategory>(await make({ name: 'Guías de estudio' }))
    expect(top).toMatchObject({ slug: 'guias-de-estudio', parent_id: null })
    const year = await body<DocumentCategory>(await make({ name: '2026', parent_id: top.id }))
    expect(year.slug).toBe('2026')
    const twin = await make({ name: 'Guias de Estudio' })
    expect((await body<ErrorBody>(twin)).errors?.name?.[0]).toBe(
      'There is already a category with this name here.',
    )
    const loop = await t.request('PUT', `/api/v1/document-categories/${top.id}`, {
      token: token.staff,
      json: { name: 'Guías de estudio', parent_id: year.id },
      headers: EN,
    })
    expect((await body<ErrorBody>(loop)).errors?.parent_id?.[0]).toBe(
      'A category cannot be placed inside itself.',
    )
    const doc = await publish(t, token.staff!, { category_id: year.id })
    const full = await t.request('DELETE', `/api/v1/document-categories/${year.id}`, {
      token: token.staff,
      headers: EN,
    })
    expect(full.status).toBe(409)
    await t.request('DELETE', `/api/v1/documents/${doc.id}`, { token: token.staff })
    expect(
      (await t.request('DELETE', `/api/v1/document-categories/${year.id}`, { token: token.staff })).status,
    ).toBe(204)
    const { changes } = await pullAll(t, token.guardian!)
    expect(putIds(changes, 'document_categories')).toContain(String(top.id))
    expect(
      (await t.request('POST', '/api/v1/document-categories', { token: token.guardian, json: { name: 'x' } }))
        .status,
    ).toBe(403)
  })

  it('the demo has a circular for everyone, a form for 1° Básico A and a report card for one family', async () => {
    const titles = async (who: string) => {
      const { changes } = await pullAll(t, token[who]!)
      return changes
        .filter((c) => c.collection === 'documents' && c.op === 'put')
        .map((c) => (c as { data: CollegeDocument }).data.title)
        .filter((title) => /Circular N|Autorización salida|Informe de notas:/.test(title))
    }
    expect((await titles('guardian')).sort()).toEqual([
      'Autorización salida pedagógica al museo',
      'Circular N° 12: inicio del segundo semestre',
      'Informe de notas: primer semestre',
    ])
    expect(await titles('student2')).toEqual(['Circular N° 12: inicio del segundo semestre'])
    const circular = (await pullAll(t, token.student2!)).changes.find(
      (c) =>
        c.collection === 'documents' && (c as { data: CollegeDocument }).data.title.startsWith('Circular N'),
    ) as { id: string }
    const link = await body<DocumentLink>(await mintLink(t, token.student2!, circular.id))
    const pdf = Buffer.from(await (await fetchLink(link)).arrayBuffer())
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
