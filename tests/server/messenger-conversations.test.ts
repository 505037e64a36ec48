// Conversations over time: a replayed write stored once, a group whose replies stay private, read
// marks, closing, a recipient who left, reports, live pokes and the push for unread messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushSender } from '#server/platform/push.ts'
import type { Conversation, Message } from '#shared/messenger.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { conversationInput, reply, startConversation, type Written } from './helpers/messenger.ts'
import { runJobs } from './helpers/notifications.ts'
import { addUserLike, enrol, linkGuardian } from './helpers/people.ts'
import { pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'
import '#server/features/messenger/message-push.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'

describe(`conversations (${dialect})`, () => {
  let t: TestApp
  const id: Record<string, number> = {}
  const token: Record<string, string> = {}
  let courseA: number
  beforeAll(async () => {
    t = await createTestApp()
    for (const who of ['admin', 'staff', 'guardian', 'student'])
      id[who] = await userIdOf(t.db, `${who}@demo.test`)
    courseA = (
      await t.db
        .selectFrom('courses')
        .select('id')
        .where('name', '=', '1° Básico A')
        .executeTakeFirstOrThrow()
    ).id
    // A second family in 1° Básico A, and a family of 2° Básico A.
    id.classmate = await addUserLike(t, 'student@demo.test', 'classmate@demo.test', 'Clara')
    await enrol(t, id.classmate, courseA)
    id.neighbour = await addUserLike(t, 'guardian@demo.test', 'neighbour@demo.test', 'Nora')
    await linkGuardian(t, id.neighbour, id.classmate)
    id.other = await addUserLike(t, 'guardian@demo.test', 'other@demo.test', 'Otto')
    await linkGuardian(t, id.other, await userIdOf(t.db, 'student2@demo.test'))
    for (const who of ['admin', 'staff', 'guardian', 'neighbour', 'other'])
      token[who] = await t.login(`${who}@demo.test`)
  })
  afterAll(() => t.close())

  const mirror = async (who: string) => {
    const { changes } = await pullAll(t, token[who]!)
    const of = <T>(name: string) =>
      changes
        .filter((c) => c.collection === name && c.op === 'put')
        .map((c) => (c as unknown as { data: T }).data)
    return { conversations: of<Conversation>('conversations'), messages: of<Message>('messages') }
  }

  it('a write sent twice is stored once, and the replay answers with it', async () => {
    const input = conversationInput({ users: [id.staff!], body: 'Una pregunta sobre la tarea' })
    const first = await t.request('POST', '/api/v1/conversations', { token: token.guardian!, json: input })
    const again = await t.request('POST', '/api/v1/conversations', { token: token.guardian!, json: input })
    expect([first.status, again.status]).toEqual([201, 200])
    expect((await body<Written>(again)).message.id).toBe(input.message_id)
    const replyId = '01890a5d-ac96-774b-bcce-b302099a8057'
    const r1 = await reply(t, token.staff!, input.id, { id: replyId, body: 'Claro, dígame' })
    const r2 = await reply(t, token.staff!, input.id, { id: replyId, body: 'Claro, dígame' })
    expect([r1.status, r2.status]).toEqual([201, 200])
    const stored = await t.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', input.id)
      .execute()
    expect(stored).toHaveLength(2)
    // Someone else cannot take over the id.
    const stolen = await reply(t, token.guardian!, input.id, { id: replyId })
    expect(stolen.status).toBe(409)
  })

  it('a group message reaches every guardian of the course and no other; replies stay between family and staff', async () => {
    const res = await startConversation(t, token.staff!, {
      scope: 'courses',
      courses: [courseA],
      body: 'Mañana salida al museo',
    })
    expect(res.status).toBe(201)
    const { conversation } = await body<Written>(res)
    expect(conversation.kind).toBe('group')
    expect(conversation.title).toBe('1° Básico A')
    expect(conversation.member_count).toBe(3)
    const back = await reply(t, token.guardian!, conversation.id, { body: '¿Llevan almuerzo?' })
    const backBody = await body<Written>(back)
    expect(backBody.message.private_to).toBe(id.guardian)

    const guardian = await mirror('guardian')
    const neighbour = await mirror('neighbour')
    const other = await mirror('other')
    const staff = await mirror('staff')
    const inGroup = (m: { messages: Message[] }) =>
      m.messages.filter((x) => x.conversation_id === conversation.id).map((x) => x.body)
    expect(inGroup(guardian)).toEqual(['Mañana salida al museo', '¿Llevan almuerzo?'])
    expect(inGroup(neighbour)).toEqual(['Mañana salida al museo'])
    expect(inGroup(other)).toEqual([])
    expect(other.conversations.some((c) => c.id === conversation.id)).toBe(false)
    expect(inGroup(staff)).toEqual(['Mañana salida al museo', '¿Llevan almuerzo?'])
    // A family sees the staff in the group, never the other families.
    const seen = neighbour.conversations.find((c) => c.id === conversation.id)!
    expect(seen.members.map((m) => m.id).sort()).toEqual([id.neighbour, id.staff].sort())
    expect(seen.member_count).toBe(3)

    // The staff answer one family only.
    const answer = await reply(t, token.staff!, conversation.id, {
      body: 'Sí, almuerzo frío',
      private_to: id.guardian!,
    })
    expect(answer.status).toBe(201)
    expect(inGroup(await mirror('neighbour'))).toEqual(['Mañana salida al museo'])
    expect(inGroup(await mirror('guardian'))).toContain('Sí, almuerzo frío')
    const stranger = await reply(t, token.staff!, conversation.id, { private_to: id.other! })
    expect((await body<ErrorBody>(stranger)).errors?.private_to).toBeDefined()
  })

  it('a read mark reaches the other person, with the time it was read', async () => {
    const { conversation } = await body<Written>(
      await startConversation(t, token.staff!, { users: [id.guardian!] }),
    )
    const readAt = new Date(Date.now() - 60_000).toISOString()
    const res = await t.request('POST', `/api/v1/conversations/${conversation.id}/read`, {
      token: token.guardian!,
      json: { read_at: readAt },
    })
    expect(res.status).toBe(200)
    const seen = (await mirror('staff')).conversations.find((c) => c.id === conversation.id)!
    expect(seen.members.find((m) => m.id === id.guardian)?.last_read_at).toBe(readAt)
    const outsider = await t.request('POST', `/api/v1/conversations/${conversation.id}/read`, {
      token: token.other!,
      json: {},
    })
    expect(outsider.status).toBe(404)
  })

  it('a closed conversation takes no more messages until staff open it again', async () => {
    const { conversation } = await body<Written>(
      await startConversation(t, token.guardian!, { users: [id.staff!] }),
    )
    const byFamily = await t.request('PUT', `/api/v1/conversations/${conversation.id}/closed`, {
      token: token.guardian!,
      json: { closed: true },
    })
    expect(byFamily.status).toBe(403)
    const closed = await t.request('PUT', `/api/v1/conversations/${conversation.id}/closed`, {
      token: token.staff!,
      json: { closed: true },
    })
    expect((await body<Conversation>(closed)).closed_at).not.toBeNull()
    const refused = await reply(t, token.guardian!, conversation.id)
    expect(refused.status).toBe(422)
    expect((await body<ErrorBody>(refused)).errors?.body).toEqual([
      'This conversation was closed by the school. Please start a new one.',
    ])
    await t.request('PUT', `/api/v1/conversations/${conversation.id}/closed`, {
      token: token.staff!,
      json: { closed: false },
    })
    expect((await reply(t, token.guardian!, conversation.id)).status).toBe(201)
  })

  it('a message to someone who left the college is refused with a reason (a replay then needs attention)', async () => {
    const leaver = await addUserLike(t, 'staff@demo.test', 'leaver@demo.test', 'Luis')
    const { conversation } = await body<Written>(
      await startConversation(t, token.admin!, { users: [leaver] }),
    )
    await t.db
      .updateTable('users')
      .set({ deactivated_at: new Date().toISOString() })
      .where('id', '=', leaver)
      .execute()
    const res = await reply(t, token.admin!, conversation.id)
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.body).toEqual([
      'This person is no longer in the college, so the message cannot be delivered.',
    ])
  })

  it('a family reports a message: every admin is told, once', async () => {
    const { conversation, message } = await body<Written>(
      await startConversation(t, token.staff!, { users: [id.guardian!], body: 'Texto inapropiado' }),
    )
    const report = () =>
      t.request('POST', `/api/v1/messages/${message.id}/report`, {
        token: token.guardian!,
        headers: EN,
        json: { reason: 'Tono ofensivo' },
      })
    expect((await report()).status).toBe(200)
    expect((await report()).status).toBe(200)
    const told = await t.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', id.admin!)
      .where('title', 'like', '%report%')
      .execute()
    expect(told).toHaveLength(1)
    expect(told[0]!.content).toContain('Texto inapropiado')
    expect(told[0]!.content).toContain('Tono ofensivo')
    // Only a message one can see can be reported; one's own cannot.
    expect(
      (await t.request('POST', `/api/v1/messages/${message.id}/report`, { token: token.other!, json: {} }))
        .status,
    ).toBe(404)
    expect(
      (await t.request('POST', `/api/v1/messages/${message.id}/report`, { token: token.staff!, json: {} }))
        .status,
    ).toBe(403)
    expect(conversation.id).toBeTruthy()
  })

  it('a new message pokes the open streams of those who may see it', async () => {
    const stream = await t.request('GET', '/api/v1/live', { token: token.guardian! })
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toContain('event: ready')
    expect((await startConversation(t, token.staff!, { users: [id.guardian!] })).status).toBe(201)
    expect((await reader.read()).value).toContain('event: poke')
    await reader.cancel()
  })

  it('a message unread after a while is pushed, except to those who read it or muted the conversation', async () => {
    const sent: { endpoint: string; payload: string }[] = []
    const push: PushSender = {
      publicKey: 'test',
      send: async (target, message) => {
        sent.push({ endpoint: target.endpoint, payload: message.payload })
        return 'sent'
      },
    }
    for (const who of ['guardian', 'staff'] as const)
      await t.db
        .insertInto('push_subscriptions')
        .values({
          college_id: (
            await t.db
              .selectFrom('users')
              .select('college_id')
              .where('id', '=', id[who]!)
              .executeTakeFirstOrThrow()
          ).college_id!,
          user_id: id[who]!,
          endpoint: `https://push.example/${who}`,
          p256dh: 'x',
          auth: 'y',
          created_at: new Date().toISOString(),
        })
        .execute()
    await t.db
      .updateTable('jobs')
      .set({ done_at: new Date().toISOString() })
      .where('done_at', 'is', null)
      .execute()
    const { conversation } = await body<Written>(
      await startConversation(t, token.staff!, { users: [id.guardian!], body: 'Recuerde firmar la libreta' }),
    )
    await reply(t, token.guardian!, conversation.id, { body: 'Ya la firmé' })
    await t.request('PUT', `/api/v1/conversations/${conversation.id}/muted`, {
      token: token.staff!,
      json: { muted: true },
    })
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('done_at', 'is', null)
      .execute()
    await runJobs(t, push)
    // The guardian read the first by answering it; the staff muted it: nobody is pushed.
    expect(sent).toEqual([])

    await t.request('PUT', `/api/v1/conversations/${conversation.id}/muted`, {
      token: token.staff!,
      json: { muted: false },
    })
    await reply(t, token.staff!, conversation.id, { body: 'Gracias' })
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('done_at', 'is', null)
      .execute()
    await runJobs(t, push)
    expect(sent.map((s) => s.endpoint)).toEqual(['https://push.example/guardian'])
    const payload = JSON.parse(sent[0]!.payload)
    expect(payload).toMatchObject({
      id: conversation.id,
      body: 'Gracias',
      url: `/messenger?c=${conversation.id}`,
    })
    expect(payload.title).toContain('Sergio')
  })

  it("another college's people never see a conversation", async () => {
    const beta = await t.login('guardian@beta.test', 'beta.localhost')
    const { changes } = await pullAll(t, beta, { host: 'beta.localhost' })
    expect(changes.filter((c) => c.collection === 'conversations' || c.collection === 'messages')).toEqual([])
    const someone = await t.db.selectFrom('conversations').select('id').executeTakeFirstOrThrow()
    const res = await t.request('POST', `/api/v1/conversations/${someone.id}/messages`, {
      token: beta,
      host: 'beta.localhost',
      json: { id: '01890a5d-ac96-774b-bcce-b302099a8099', body: 'hola' },
    })
    expect(res.status).toBe(404)
  })
})
