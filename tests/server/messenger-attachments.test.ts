// Pictures and PDFs in messages: checked by their content, stored once when replayed, and served
// only to those who may see their message.
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message, MessageAttachment } from '#shared/messenger.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { reply, startConversation, type Written } from './helpers/messenger.ts'
import { runJobs } from './helpers/notifications.ts'
import { addUserLike } from './helpers/people.ts'
import { pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')

describe(`message files (${dialect})`, () => {
  let t: TestApp
  const token: Record<string, string> = {}
  const id: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp()
    for (const who of ['staff', 'guardian', 'admin']) {
      token[who] = await t.login(`${who}@demo.test`)
      id[who] = await userIdOf(t.db, `${who}@demo.test`)
    }
    await addUserLike(t, 'guardian@demo.test', 'outsider@demo.test', 'Olga')
    token.outsider = await t.login('outsider@demo.test')
  })
  afterAll(() => t.close())

  const upload = (who: string, data: Buffer, name: string, fileId = uuidv7()) => {
    const form = new FormData()
    form.set('id', fileId)
    form.set('file', new Blob([new Uint8Array(data)]), name)
    return t.request('POST', '/api/v1/message-attachments', { token: token[who], body: form, headers: EN })
  }
  const fetchFile = (who: string, fileId: string, thumb = false) =>
    t.request('GET', `/api/v1/message-attachments/${fileId}${thumb ? '/thumb' : ''}`, { token: token[who] })

  it('a picture and a PDF travel with a message, and only its readers can open them', async () => {
    const picture = await upload('staff', await makeImage('jpeg', 3000, 2000), 'excursión.jpg')
    expect(picture.status).toBe(201)
    const pic = await body<MessageAttachment>(picture)
    expect(pic).toMatchObject({ kind: 'image', name: 'excursión.jpg', width: 2000, height: 1333 })
    const pdf = await body<MessageAttachment>(await upload('staff', PDF, '../../autorización.pdf'))
    expect(pdf).toMatchObject({ kind: 'pdf', name: 'autorización.pdf' })

    const res = await startConversation(t, token.staff!, {
      users: [id.guardian!],
      body: 'Autorización y foto',
      attachment_ids: [pic.id, pdf.id],
    })
    expect(res.status).toBe(201)
    const { message } = await body<Written>(res)
    expect(message.attachments.map((a) => a.id)).toEqual([pic.id, pdf.id])

    // The family's mirror carries them; the family can open both, an outsider neither.
    const { changes } = await pullAll(t, token.guardian!)
    const mirrored = changes.find((c) => c.collection === 'messages' && c.id === message.id) as {
      data: Message
    }
    expect(mirrored.data.attachments.map((a) => a.name)).toEqual(['excursión.jpg', 'autorización.pdf'])
    const full = await fetchFile('guardian', pic.id)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe('image/webp')
    // Never kept by a browser's or a proxy's cache: the app keeps what it opened in its own storage.
    expect(full.headers.get('cache-control')).toBe('no-store')
    expect((await imageMetadata(await full.arrayBuffer())).width).toBe(2000)
    expect((await imageMetadata(await (await fetchFile('guardian', pic.id, true)).arrayBuffer())).width).toBe(
      480,
    )
    const doc = await fetchFile('guardian', pdf.id)
    expect(doc.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await doc.arrayBuffer()).equals(PDF)).toBe(true)
    expect((await fetchFile('outsider', pic.id)).status).toBe(404)
    expect((await fetchFile('outsider', pdf.id)).status).toBe(404)
    expect((await t.request('GET', `/api/v1/message-attachments/${pic.id}`)).status).toBe(401)
    const beta = await t.login('guardian@beta.test', 'beta.localhost')
    const elsewhere = await t.request('GET', `/api/v1/message-attachments/${pic.id}`, {
      token: beta,
      host: 'beta.localhost',
    })
    expect(elsewhere.status).toBe(404)
  })

  it('a file whose name lies about its content is refused, and so is one too big', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const fake = await upload('guardian', html, 'circular.pdf')
    expect(fake.status).toBe(422)
    expect((await body<ErrorBody>(fake)).errors?.file).toEqual([
      'Only pictures (JPEG, PNG, WebP) and PDF files can be attached',
    ])
    const exe = await upload('guardian', Buffer.from('MZ\x90\x00binary', 'latin1'), 'foto.jpg')
    expect(exe.status).toBe(422)
    const big = await upload('guardian', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'grande.pdf')
    expect(big.status).toBe(422)
    expect((await body<ErrorBody>(big)).errors?.file).toEqual(['Each file must be 5 MB or smaller'])
    const stored = await t.db
      .selectFrom('message_attachments')
      .select('id')
      .where('uploader_id', '=', id.guardian!)
      .execute()
    expect(stored).toEqual([])
  })

  it('an upload replayed is stored once; a file is bound to one message only, by its uploader', async () => {
    const fileId = uuidv7()
    const data = await makeImage('png', 200, 200)
    expect((await upload('guardian', data, 'a.png', fileId)).status).toBe(201)
    expect((await upload('guardian', data, 'a.png', fileId)).status).toBe(200)
    expect((await upload('staff', data, 'a.png', fileId)).status).toBe(409)

    // Someone else cannot send the guardian's file.
    const taken = await startConversation(t, token.staff!, {
      users: [id.guardian!],
      attachment_ids: [fileId],
    })
    expect(taken.status).toBe(422)
    expect((await body<ErrorBody>(taken)).errors?.attachment_ids).toEqual([
      'A file of this message did not arrive. Please attach it again.',
    ])
    // A message of a file alone is a message.
    const own = await startConversation(t, token.guardian!, {
      users: [id.staff!],
      body: '',
      attachment_ids: [fileId],
    })
    expect(own.status).toBe(201)
    const { conversation } = await body<Written>(own)
    const again = await reply(t, token.guardian!, conversation.id, {
      body: 'otra vez',
      attachment_ids: [fileId],
    })
    expect(again.status).toBe(422)
    const empty = await reply(t, token.guardian!, conversation.id, { body: '' })
    expect((await body<ErrorBody>(empty)).errors?.body).toEqual(['Please write a message'])
  })

  it('a file whose message never came is removed a day later; a sent one stays', async () => {
    const unsent = await body<MessageAttachment>(await upload('guardian', PDF, 'olvidado.pdf'))
    const sent = await body<MessageAttachment>(await upload('guardian', PDF, 'enviado.pdf'))
    expect(
      (await startConversation(t, token.guardian!, { users: [id.staff!], attachment_ids: [sent.id] })).status,
    ).toBe(201)
    const keyOf = async (fileId: string) =>
      (
        await t.db
          .selectFrom('message_attachments')
          .select('file_key')
          .where('id', '=', fileId)
          .executeTakeFirst()
      )?.file_key
    const unsentKey = (await keyOf(unsent.id))!
    expect(await t.storage.get(unsentKey)).toBeDefined()
    // Nothing happens before the day is over.
    await runJobs(t)
    expect(await keyOf(unsent.id)).toBe(unsentKey)
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'message-attachment.unsent')
      .execute()
    await runJobs(t)
    expect(await keyOf(unsent.id)).toBeUndefined()
    expect(await t.storage.get(unsentKey)).toBeUndefined()
    expect(await keyOf(sent.id)).toBeDefined()
    expect((await fetchFile('staff', sent.id)).status).toBe(200)
  })

  it('in a group, a family reply’s file is seen by the staff and not by the other families', async () => {
    const course = await t.db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', '1° Básico A')
      .executeTakeFirstOrThrow()
    const other = await addUserLike(t, 'guardian@demo.test', 'neighbour@demo.test', 'Nora')
    const classmate = await addUserLike(t, 'student@demo.test', 'classmate@demo.test', 'Clara')
    await t.db
      .insertInto('enrollments')
      .values({
        college_id: (
          await t.db
            .selectFrom('courses')
            .select('college_id')
            .where('id', '=', course.id)
            .executeTakeFirstOrThrow()
        ).college_id,
        student_id: classmate,
        course_id: course.id,
      })
      .execute()
    await t.db
      .insertInto('guardianships')
      .values({
        college_id: (
          await t.db
            .selectFrom('users')
            .select('college_id')
            .where('id', '=', other)
            .executeTakeFirstOrThrow()
        ).college_id!,
        guardian_id: other,
        student_id: classmate,
      })
      .execute()
    token.neighbour = await t.login('neighbour@demo.test')
    const { conversation } = await body<Written>(
      await startConversation(t, token.staff!, { scope: 'courses', courses: [course.id], body: 'Tarea' }),
    )
    const file = await body<MessageAttachment>(await upload('guardian', PDF, 'tarea.pdf'))
    expect(
      (await reply(t, token.guardian!, conversation.id, { body: 'Adjunto', attachment_ids: [file.id] }))
        .status,
    ).toBe(201)
    expect((await fetchFile('staff', file.id)).status).toBe(200)
    expect((await fetchFile('neighbour', file.id)).status).toBe(404)
  })
})
