// What people do in the messenger. Every write lands in the mirror at once ("waiting to send") and
// waits in the outbox with ids made here, so a message written offline is delivered once.
import { v7 as uuidv7 } from 'uuid'
import type { User } from '#shared/api-types.ts'
import {
  type ConversationMember,
  isFamilyRole,
  type MessageAttachment,
  type MessageScope,
} from '#shared/messenger.schema.ts'
import {
  type LocalConversation,
  type LocalDb,
  localDb,
  requireLocalDb,
} from '../../platform/sync/local-db.ts'
import { enqueue, replayOutbox } from '../../platform/sync/outbox.ts'
import { type OutboxKind, recordKey } from '../../platform/sync/outbox-types.ts'

type Me = Pick<User, 'id' | 'name' | 'first_lastname' | 'role'>

const nameOf = (me: Me) => [me.name, me.first_lastname].filter(Boolean).join(' ')

function meAsMember(me: Me, at: string): ConversationMember {
  return { id: me.id, name: nameOf(me), role_key: me.role, staff: !isFamilyRole(me.role), last_read_at: at }
}

export type NewConversation = {
  scope: MessageScope
  /** People chosen one by one, with what the screen knows of them. */
  people: { id: number; name: string; role_key: string }[]
  courses: number[]
  grades: number[]
  /** What the screen calls the chosen courses or grades, until the server names the group. */
  groupName: string
  title: string
  body: string
}

/** Starts a conversation with its first message; returns its id. */
export async function startConversation(input: NewConversation, me: Me): Promise<string> {
  const db = requireLocalDb()
  const id = uuidv7()
  const messageId = uuidv7()
  const now = new Date().toISOString()
  const direct = input.scope === 'users' && input.people.length === 1
  const conversation: LocalConversation = {
    id,
    kind: direct ? 'direct' : 'group',
    title: input.title || (input.scope === 'users' ? '' : input.groupName),
    created_by: me.id,
    closed_at: null,
    last_message_at: now,
    created_at: now,
    members: [
      meAsMember(me, now),
      ...input.people.map((p) => ({ ...p, staff: !isFamilyRole(p.role_key), last_read_at: null })),
    ],
    member_count: input.people.length + 1,
    role: isFamilyRole(me.role) ? 'member' : 'staff',
    last_read_at: now,
    muted: false,
    _sync: 'pending',
  }
  await db.transaction('rw', db.tables, async () => {
    await db.conversations.put(conversation)
    await db.messages.put({
      id: messageId,
      conversation_id: id,
      author: { id: me.id, name: nameOf(me) },
      body: input.body,
      private_to: null,
      attachments: [],
      written_at: now,
      created_at: now,
      _sync: 'pending',
    })
    await enqueue(db, {
      kind: 'conversation.create',
      method: 'POST',
      url: '/api/v1/conversations',
      body: {
        id,
        message_id: messageId,
        title: input.title,
        scope: input.scope,
        users: input.people.map((p) => p.id),
        courses: input.courses,
        grades: input.grades,
        body: input.body,
        written_at: now,
      },
      record: recordKey('messages', messageId),
    })
  })
  void replayOutbox(db)
  return id
}

/** Files wait on the device and go first, each with its own id; the message then names them. */
async function queueFiles(db: LocalDb, files: File[]): Promise<MessageAttachment[]> {
  const queued: MessageAttachment[] = []
  for (const file of files) {
    const id = uuidv7()
    await db.blobs.put({ id, blob: file, name: file.name, type: file.type })
    await enqueue(db, {
      kind: 'message-attachment.upload',
      method: 'POST',
      url: '/api/v1/message-attachments',
      body: { id },
      blobId: id,
    })
    const kind = file.type === 'application/pdf' ? 'pdf' : 'image'
    queued.push({ id, kind, name: file.name, size: file.size, width: null, height: null })
  }
  return queued
}

/** A message in a conversation; in a group, staff may address it to one family (`privateTo`). */
export async function sendMessage(
  conversationId: string,
  body: string,
  me: Me,
  privateTo: number | null = null,
  files: File[] = [],
): Promise<void> {
  const db = requireLocalDb()
  const id = uuidv7()
  const now = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    const conversation = await db.conversations.get(conversationId)
    const ownReply = conversation?.kind === 'group' && conversation.role === 'member'
    const attachments = await queueFiles(db, files)
    await db.messages.put({
      id,
      conversation_id: conversationId,
      author: { id: me.id, name: nameOf(me) },
      body,
      private_to: ownReply ? me.id : privateTo,
      attachments,
      written_at: now,
      created_at: now,
      _sync: 'pending',
    })
    await db.conversations.update(conversationId, { last_message_at: now, last_read_at: now })
    await enqueue(db, {
      kind: 'message.create',
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/messages`,
      body: {
        id,
        body,
        private_to: privateTo,
        attachment_ids: attachments.map((a) => a.id),
        written_at: now,
      },
      record: recordKey('messages', id),
    })
  })
  void replayOutbox(db)
}

/**
 * One write of a conversation that replaces an earlier one still waiting (a newer read mark, the
 * latest mute): the queue keeps one, with the newest body.
 */
async function enqueueLatest(
  db: LocalDb,
  kind: OutboxKind,
  conversationId: string,
  method: 'POST' | 'PUT',
  url: string,
  body: Record<string, unknown>,
) {
  const record = recordKey('conversations', conversationId)
  const waiting = await db.outbox
    .where('record')
    .equals(record)
    .filter((item) => item.kind === kind && item.state === 'pending' && item.attempts === 0)
    .first()
  if (waiting) await db.outbox.update(waiting.seq!, { body })
  else await enqueue(db, { kind, method, url, body, record })
}

/** The person has seen the conversation up to now (offline too; the time it happened is kept). */
export async function markConversationRead(conversationId: string): Promise<void> {
  const db = localDb()
  if (!db) return
  const read_at = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    const conversation = await db.conversations.get(conversationId)
    if (!conversation || (conversation.last_read_at && conversation.last_read_at >= read_at)) return
    await db.conversations.update(conversationId, { last_read_at: read_at })
    await enqueueLatest(
      db,
      'conversation.read',
      conversationId,
      'POST',
      `/api/v1/conversations/${conversationId}/read`,
      {
        read_at,
      },
    )
  })
  void replayOutbox(db)
}

export async function setConversationFlag(
  conversationId: string,
  flag: 'closed' | 'muted',
  on: boolean,
): Promise<void> {
  const db = requireLocalDb()
  await db.transaction('rw', db.tables, async () => {
    await db.conversations.update(
      conversationId,
      flag === 'closed' ? { closed_at: on ? new Date().toISOString() : null } : { muted: on },
    )
    await enqueueLatest(
      db,
      flag === 'closed' ? 'conversation.close' : 'conversation.mute',
      conversationId,
      'PUT',
      `/api/v1/conversations/${conversationId}/${flag}`,
      { [flag]: on },
    )
  })
  void replayOutbox(db)
}

export async function reportMessage(messageId: string, reason: string): Promise<void> {
  const db = requireLocalDb()
  await enqueue(db, {
    kind: 'message.report',
    method: 'POST',
    url: `/api/v1/messages/${messageId}/report`,
    body: { reason },
  })
  void replayOutbox(db)
}
