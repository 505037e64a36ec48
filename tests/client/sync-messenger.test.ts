// The messenger's writes through the real outbox against the real server: a conversation started
// offline is delivered once however often it is replayed, and a refused message waits for the person.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  knownContacts,
  namedLike,
  unreadConversations,
} from '#client/features/messenger/conversation-queries.ts'
import {
  markConversationRead,
  sendMessage,
  startConversation,
} from '#client/features/messenger/messenger-actions.ts'
import { type LocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { discardItem, replayOutbox } from '#client/platform/sync/outbox.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import type { User } from '#shared/api-types.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(() => h.stop())

async function signedInAs(email: string): Promise<{ db: LocalDb; me: User }> {
  await h.signIn(email)
  const id = await h.userId(email)
  const row = await h.t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const me = { ...row, role: email.startsWith('guardian') ? 'guardian' : 'staff' } as unknown as User
  return { db: openLocalDb(id), me }
}

describe('messages written offline', () => {
  it('offers, offline, the people of the device’s conversations, found whatever the accents typed', async () => {
    const { db, me } = await signedInAs('staff@demo.test')
    const isidora = await h.userId('student2@demo.test')
    h.net.offline = true
    await startConversation(
      {
        scope: 'users',
        people: [{ id: isidora, name: 'Isidora Pérez', role_key: 'student' }],
        courses: [],
        grades: [],
        groupName: '',
        title: '',
        body: 'Recuerda traer la autorización',
      },
      me,
    )
    const known = await knownContacts(db, me.id, false)
    expect(known.map((p) => p.name)).toEqual(['Isidora Pérez'])
    for (const typed of ['perez', 'PÉREZ', ' isidora p'])
      expect(namedLike(known, typed), typed).toEqual(known)
    expect(namedLike(known, 'gabriela')).toEqual([])
    // A family writes only to staff: a student they share a conversation with is not offered.
    expect(await knownContacts(db, me.id, true)).toEqual([])
  })

  it('a conversation started offline shows at once and reaches the server once', async () => {
    const { db, me } = await signedInAs('guardian@demo.test')
    const staffId = await h.userId('staff@demo.test')
    h.net.offline = true
    const id = await startConversation(
      {
        scope: 'users',
        people: [{ id: staffId, name: 'Sergio Profesor', role_key: 'staff' }],
        courses: [],
        grades: [],
        groupName: '',
        title: '',
        body: '¿Hay reunión el jueves?',
      },
      me,
    )
    await sendMessage(id, 'Y otra pregunta', me)
    const local = await db.messages
      .where('[conversation_id+created_at]')
      .between([id, ''], [id, '\uffff'])
      .toArray()
    expect(local.map((m) => [m.body, m._sync])).toEqual([
      ['¿Hay reunión el jueves?', 'pending'],
      ['Y otra pregunta', 'pending'],
    ])
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(2)

    // Back online, the answer to the first write is lost on the way: it is sent again later, and the
    // server answers with what it stored instead of storing it twice.
    h.net.offline = false
    h.net.fail('lose-answer', (e) => e.method === 'POST' && e.path === '/api/v1/conversations')
    h.later(10 * 60_000)
    await replayOutbox(db)
    expect(h.net.reached('POST', '/api/v1/conversations')).toHaveLength(1)
    expect(await db.outbox.count()).toBe(2)
    h.later(10 * 60_000)
    await replayOutbox(db)
    expect(h.net.reached('POST', '/api/v1/conversations')).toHaveLength(3)
    expect(await db.outbox.count()).toBe(0)
    const stored = await h.t.db
      .selectFrom('messages')
      .select('body')
      .where('conversation_id', '=', id)
      .execute()
    expect(stored.map((m) => m.body).sort()).toEqual(['Y otra pregunta', '¿Hay reunión el jueves?'])
    await pullOnce(db)
    const after = await db.messages
      .where('[conversation_id+created_at]')
      .between([id, ''], [id, '\uffff'])
      .toArray()
    expect(after.map((m) => m._sync)).toEqual([undefined, undefined])
    expect((await db.conversations.get(id))?.members.map((m) => m.id).sort()).toEqual([me.id, staffId].sort())
  })

  it('a message the server refuses needs attention, and discarding it leaves the conversation as it was', async () => {
    const { db, me } = await signedInAs('guardian@demo.test')
    const adminId = await h.userId('admin@demo.test')
    const id = await startConversation(
      {
        scope: 'users',
        people: [{ id: adminId, name: 'Ana', role_key: 'admin' }],
        courses: [],
        grades: [],
        groupName: '',
        title: '',
        body: 'Consulta de matrícula',
      },
      me,
    )
    await replayOutbox(db)
    await pullOnce(db)
    // The school closes it while the family writes offline.
    await h.t.db
      .updateTable('conversations')
      .set({ closed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute()
    await sendMessage(id, 'Una cosa más', me)
    await replayOutbox(db)
    const refused = await db.outbox.toArray()
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ state: 'rejected', status: 422 })
    expect(refused[0]!.errors?.body?.[0]).toContain('closed')
    const waiting = (await db.messages.toArray()).find((m) => m.body === 'Una cosa más')
    expect(waiting?._sync).toBe('rejected')

    await discardItem(db, refused[0]!.seq!)
    expect((await db.messages.toArray()).map((m) => m.body)).toEqual(['Consulta de matrícula'])
  })

  it('reading a conversation offline keeps the time it was read, the later mark winning', async () => {
    const staffToken = await h.t.login('staff@demo.test')
    const { db, me } = await signedInAs('guardian@demo.test')
    const res = await h.t.request('POST', '/api/v1/conversations', {
      token: staffToken,
      json: {
        id: '01890a5d-ac96-774b-bcce-b302099a8101',
        message_id: '01890a5d-ac96-774b-bcce-b302099a8102',
        users: [me.id],
        body: 'Recuerde la reunión',
      },
    })
    expect(res.status).toBe(201)
    await pullOnce(db)
    const id = '01890a5d-ac96-774b-bcce-b302099a8101'
    // Unread until read: the menu counts the conversation.
    expect(await unreadConversations(db, me.id)).toBe(1)
    h.net.offline = true
    h.later(60_000)
    const readAt = new Date().toISOString()
    await markConversationRead(id)
    expect(await unreadConversations(db, me.id)).toBe(0)
    h.later(60_000)
    await markConversationRead(id)
    await replayOutbox(db)
    h.net.offline = false
    h.later(10 * 60_000)
    await replayOutbox(db)
    const mark = await h.t.db
      .selectFrom('conversation_members')
      .select('last_read_at')
      .where('conversation_id', '=', id)
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    // The later of the two moments it was read on the device, not when it reached the server.
    expect(mark.last_read_at).toBe(new Date(Date.parse(readAt) + 60_000).toISOString())
  })
})
