// Conversations and messages as a viewer may see them. A family in a group sees who from the school
// is in it, never the other families.
import type { Kysely } from 'kysely'
import type {
  Conversation,
  ConversationKind,
  ConversationRole,
  Message,
  MessageAttachment,
} from '#shared/messenger.schema.ts'
import type { Database } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

/** The conversations with these ids as this member sees them (others' are left out). */
export async function conversationDtos(
  db: Kysely<Database>,
  collegeId: number,
  viewerId: number,
  ids: string[],
): Promise<(Conversation & { version: number })[]> {
  if (ids.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const rows = await scope
    .selectFrom('conversations')
    .innerJoin('conversation_members as me', 'me.conversation_id', 'conversations.id')
    .select([
      'conversations.id',
      'conversations.kind',
      'conversations.title',
      'conversations.created_by',
      'conversations.closed_at',
      'conversations.last_message_at',
      'conversations.created_at',
      'conversations.version',
      'me.role',
      'me.last_read_at',
      'me.muted',
      'me.version as member_version',
    ])
    .where(anyOf(db, 'conversations.id', ids))
    .where('me.user_id', '=', viewerId)
    .execute()
  const members = await scope
    .selectFrom('conversation_members')
    .innerJoin('users', 'users.id', 'conversation_members.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'conversation_members.conversation_id',
      'conversation_members.user_id as id',
      'conversation_members.role',
      'conversation_members.last_read_at',
      'conversation_members.version',
      'users.name',
      'users.first_lastname',
      'roles.key as role_key',
    ])
    .where(anyOf(db, 'conversation_members.conversation_id', ids))
    .orderBy('conversation_members.id')
    .execute()
  return rows.map((row) => {
    const all = members.filter((m) => m.conversation_id === row.id)
    const seesEveryone = row.kind === 'direct' || row.role === 'staff'
    const visible = seesEveryone ? all : all.filter((m) => m.role === 'staff' || m.id === viewerId)
    const version = Math.max(Number(row.version), ...visible.map((m) => Number(m.version)))
    return {
      id: row.id,
      kind: row.kind as ConversationKind,
      title: row.title,
      created_by: row.created_by,
      closed_at: row.closed_at,
      last_message_at: row.last_message_at,
      created_at: row.created_at,
      members: visible.map((m) => ({
        id: m.id,
        name: personName(m),
        role_key: m.role_key,
        staff: m.role === 'staff',
        last_read_at: m.last_read_at,
      })),
      member_count: all.length,
      role: row.role as ConversationRole,
      last_read_at: row.last_read_at,
      muted: row.muted === 1,
      version,
    }
  })
}

type MessageRow = {
  id: string
  conversation_id: string
  author_id: number
  body: string
  private_to: number | null
  written_at: string
  created_at: string
  name: string
  first_lastname: string
}

export function toMessageDto(row: MessageRow, attachments: MessageAttachment[] = []): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    author: { id: row.author_id, name: personName(row) },
    body: row.body,
    private_to: row.private_to,
    attachments,
    written_at: row.written_at,
    created_at: row.created_at,
  }
}

/** Messages with their authors' names, for answers and pulls. */
export function messagesWithAuthors(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.author_id')
    .select([
      'messages.id',
      'messages.conversation_id',
      'messages.author_id',
      'messages.body',
      'messages.private_to',
      'messages.written_at',
      'messages.created_at',
      'messages.version',
      'users.name',
      'users.first_lastname',
    ])
}
