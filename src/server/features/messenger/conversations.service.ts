// Conversations and their messages. A conversation starts with its first message, in one write the
// outbox can replay: its id and the message's come from the device, so a replay finds them stored
// and answers with them instead of writing twice.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Conversation, ConversationOutput, Message } from '#shared/messenger.schema.ts'
import type { Database } from '../../db/schema.ts'
import { deviceTime, nowIso } from '../../platform/clock.ts'
import type { AuthUser } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { enqueueJob } from '../../platform/jobs.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { pokeUsers } from '../../platform/live.ts'
import { takeVersion, takeVersions } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { attachmentsOf, bindAttachments } from './message-attachments.ts'
import { conversationDtos, messagesWithAuthors, toMessageDto } from './messenger-dto.ts'
import { conversationRoleOf, resolveMembers } from './messenger-rules.ts'

export const MESSAGE_PUSH_JOB = 'message.push'
/** A push waits this long: a message read in an open app by then needs none. */
export const MESSAGE_PUSH_DELAY_MS = 20_000

type Written = { created: boolean; conversation: Conversation; message: Message }

async function loadMessage(db: Kysely<Database>, collegeId: number, id: string): Promise<Message> {
  const row = await messagesWithAuthors(db, collegeId).where('messages.id', '=', id).executeTakeFirstOrThrow()
  return toMessageDto(row, (await attachmentsOf(db, collegeId, [id])).get(id))
}

async function loadConversation(db: Kysely<Database>, user: AuthUser, id: string): Promise<Conversation> {
  const [dto] = await conversationDtos(db, user.college_id!, user.id, [id])
  if (!dto) throw notFound()
  const { version: _version, ...conversation } = dto
  return conversation
}

/** Who sees a message: everyone in it, or for a private reply in a group, the staff and that family. */
async function readersOf(
  db: Kysely<Database>,
  collegeId: number,
  conversationId: string,
  privateTo: number | null,
): Promise<number[]> {
  let query = tenantScope(db, collegeId)
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
  if (privateTo !== null)
    query = query.where((eb) => eb.or([eb('role', '=', 'staff'), eb('user_id', '=', privateTo)]))
  return (await query.execute()).map((r) => r.user_id)
}

/** An id already stored: the stored message (a replay by its author), or why it cannot be. */
async function replayOf(
  db: Kysely<Database>,
  user: AuthUser,
  messageId: string,
): Promise<Written | undefined> {
  const existing = await db
    .selectFrom('messages')
    .select(['college_id', 'author_id', 'conversation_id'])
    .where('id', '=', messageId)
    .executeTakeFirst()
  if (!existing) return undefined
  if (existing.college_id !== user.college_id || existing.author_id !== user.id)
    throw new ApiError(409, messages.idTaken)
  return {
    created: false,
    conversation: await loadConversation(db, user, existing.conversation_id),
    message: await loadMessage(db, existing.college_id, messageId),
  }
}

async function groupTitle(db: Kysely<Database>, user: AuthUser, input: ConversationOutput): Promise<string> {
  if (input.title) return input.title
  if (input.scope === 'users') return ''
  const rows = await tenantScope(db, user.college_id!)
    .selectFrom(input.scope)
    .select('name')
    .where('id', 'in', input.scope === 'courses' ? input.courses : input.grades)
    .orderBy(foldedOrder('name'))
    .execute()
  return rows.map((r) => r.name).join(', ')
}

export async function createConversation(
  db: Kysely<Database>,
  user: AuthUser,
  input: ConversationOutput,
): Promise<Written> {
  const collegeId = user.college_id!
  const replay = await replayOf(db, user, input.message_id)
  if (replay) return replay
  const taken = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst()
  if (taken) throw new ApiError(409, messages.idTaken)
  const members = await resolveMembers(db, user, input)
  const kind = input.scope === 'users' && members.length === 1 ? 'direct' : 'group'
  const title = await groupTitle(db, user, input)
  const now = nowIso()
  try {
    await db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx, collegeId, 2)
      const scope = tenantScope(trx, collegeId)
      await scope
        .insertInto('conversations', {
          id: input.id,
          kind,
          title,
          created_by: user.id,
          closed_at: null,
          closed_by: null,
          last_message_at: now,
          version,
          created_at: now,
        })
        .execute()
      const rows = [
        { user_id: user.id, role: conversationRoleOf(user), last_read_at: now },
        ...members.map((m) => ({ ...m, last_read_at: null })),
      ].map((m) => ({ ...m, conversation_id: input.id, version }))
      for (let i = 0; i < rows.length; i += 500)
        await scope.insertInto('conversation_members', rows.slice(i, i + 500)).execute()
      await insertMessage(trx, collegeId, {
        id: input.message_id,
        conversation_id: input.id,
        author_id: user.id,
        body: input.body,
        private_to: null,
        written_at: deviceTime(input.written_at, now),
        created_at: now,
        version: version + 1,
      })
      await bindAttachments(trx, user, input.message_id, input.attachment_ids)
    })
  } catch (error) {
    // The same request arrived twice at once and the other copy stored it first: this is a replay.
    const replayed = await replayOf(db, user, input.message_id)
    if (replayed) return replayed
    throw error
  }
  pokeUsers(collegeId, [user.id, ...members.map((m) => m.user_id)])
  return {
    created: true,
    conversation: await loadConversation(db, user, input.id),
    message: await loadMessage(db, collegeId, input.message_id),
  }
}

async function insertMessage(
  trx: Kysely<Database>,
  collegeId: number,
  row: Omit<Database['messages'], 'college_id' | 'version'> & { version: number },
): Promise<void> {
  await tenantScope(trx, collegeId).insertInto('messages', row).execute()
  await enqueueJob(trx, {
    kind: MESSAGE_PUSH_JOB,
    collegeId,
    payload: { message_id: row.id },
    runAt: new Date(Date.parse(row.created_at) + MESSAGE_PUSH_DELAY_MS).toISOString(),
  })
}

/** The conversation and the viewer's place in it; 404 to anyone not in it. */
async function membership(db: Kysely<Database>, user: AuthUser, conversationId: string) {
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('conversations')
    .innerJoin('conversation_members as me', 'me.conversation_id', 'conversations.id')
    .select([
      'conversations.id',
      'conversations.kind',
      'conversations.closed_at',
      'me.id as member_id',
      'me.role',
      'me.last_read_at',
    ])
    .where('conversations.id', '=', conversationId)
    .where('me.user_id', '=', user.id)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function addMessage(
  db: Kysely<Database>,
  user: AuthUser,
  conversationId: string,
  input: {
    id: string
    body: string
    attachment_ids: string[]
    private_to: number | null
    written_at?: string
  },
): Promise<Written> {
  const collegeId = user.college_id!
  const replay = await replayOf(db, user, input.id)
  if (replay) return replay
  const here = await membership(db, user, conversationId)
  if (here.closed_at) throw validationError({ body: [messages.conversationClosed] })
  const scope = tenantScope(db, collegeId)
  // In a group, a family's message is a reply to the staff; the staff may answer one family.
  let privateTo: number | null = null
  if (here.kind === 'group') {
    if (here.role !== 'staff') privateTo = user.id
    else if (input.private_to !== null) {
      const member = await scope
        .selectFrom('conversation_members')
        .select('user_id')
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', input.private_to)
        .where('role', '=', 'member')
        .executeTakeFirst()
      if (!member) throw validationError({ private_to: [messages.privateToUnknown] })
      privateTo = member.user_id
    }
  } else {
    const other = await scope
      .selectFrom('conversation_members')
      .innerJoin('users', 'users.id', 'conversation_members.user_id')
      .select('users.deactivated_at')
      .where('conversation_members.conversation_id', '=', conversationId)
      .where('conversation_members.user_id', '!=', user.id)
      .executeTakeFirst()
    if (!other || other.deactivated_at) throw validationError({ body: [messages.messageRecipientLeft] })
  }
  const now = nowIso()
  try {
    await db.transaction().execute(async (trx) => {
      const version = await takeVersions(trx, collegeId, 2)
      const inTrx = tenantScope(trx, collegeId)
      await inTrx
        .updateTable('conversations')
        .set({ last_message_at: now, version })
        .where('id', '=', conversationId)
        .execute()
      // Writing is reading: the author has seen everything up to their own message.
      await inTrx
        .updateTable('conversation_members')
        .set({ last_read_at: now, version })
        .where('id', '=', here.member_id)
        .execute()
      await insertMessage(trx, collegeId, {
        id: input.id,
        conversation_id: conversationId,
        author_id: user.id,
        body: input.body,
        private_to: privateTo,
        written_at: deviceTime(input.written_at, now),
        created_at: now,
        version: version + 1,
      })
      await bindAttachments(trx, user, input.id, input.attachment_ids)
    })
  } catch (error) {
    const replayed = await replayOf(db, user, input.id)
    if (replayed) return replayed
    throw error
  }
  pokeUsers(collegeId, await readersOf(db, collegeId, conversationId, privateTo))
  return {
    created: true,
    conversation: await loadConversation(db, user, conversationId),
    message: await loadMessage(db, collegeId, input.id),
  }
}

/** Who is told when someone's read mark moves: those who see the members' marks. */
async function markWatchers(db: Kysely<Database>, collegeId: number, conversationId: string, kind: string) {
  let query = tenantScope(db, collegeId)
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
  if (kind === 'group') query = query.where('role', '=', 'staff')
  return (await query.execute()).map((r) => r.user_id)
}

/** The viewer has read the conversation up to `readAt` (when they opened it, perhaps offline). */
export async function markConversationRead(
  db: Kysely<Database>,
  user: AuthUser,
  conversationId: string,
  readAt: string | undefined,
): Promise<Conversation> {
  const collegeId = user.college_id!
  const here = await membership(db, user, conversationId)
  const when = deviceTime(readAt, nowIso())
  if (!here.last_read_at || here.last_read_at < when) {
    await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      await tenantScope(trx, collegeId)
        .updateTable('conversation_members')
        .set({ last_read_at: when, version })
        .where('id', '=', here.member_id)
        .execute()
    })
    pokeUsers(collegeId, [user.id, ...(await markWatchers(db, collegeId, conversationId, here.kind))])
  }
  return loadConversation(db, user, conversationId)
}

/** Staff close a conversation (nobody writes to it then) or open it again. */
export async function setConversationClosed(
  db: Kysely<Database>,
  user: AuthUser,
  conversationId: string,
  closed: boolean,
): Promise<Conversation> {
  const collegeId = user.college_id!
  const here = await membership(db, user, conversationId)
  if (here.role !== 'staff') throw new ApiError(403, messages.forbidden)
  if (Boolean(here.closed_at) !== closed) {
    await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      await tenantScope(trx, collegeId)
        .updateTable('conversations')
        .set(
          closed
            ? { closed_at: nowIso(), closed_by: user.id, version }
            : { closed_at: null, closed_by: null, version },
        )
        .where('id', '=', conversationId)
        .execute()
    })
    pokeUsers(collegeId, await readersOf(db, collegeId, conversationId, null))
  }
  return loadConversation(db, user, conversationId)
}

/** Staff mute a busy conversation: it still syncs, but sends them no pushes. */
export async function setConversationMuted(
  db: Kysely<Database>,
  user: AuthUser,
  conversationId: string,
  muted: boolean,
): Promise<Conversation> {
  const collegeId = user.college_id!
  const here = await membership(db, user, conversationId)
  if (here.role !== 'staff') throw new ApiError(403, messages.forbidden)
  await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, collegeId)
    await tenantScope(trx, collegeId)
      .updateTable('conversation_members')
      .set({ muted: muted ? 1 : 0, version })
      .where('id', '=', here.member_id)
      .execute()
  })
  pokeUsers(collegeId, [user.id])
  return loadConversation(db, user, conversationId)
}
