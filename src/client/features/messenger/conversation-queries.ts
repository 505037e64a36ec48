// The messenger read from the mirror: conversations newest first with their last message and unread
// count, and one conversation's messages in order.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessengerContact } from '#shared/messenger.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import type { LocalConversation, LocalDb, LocalMessage } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'

export type ConversationSummary = {
  conversation: LocalConversation
  last?: LocalMessage
  unread: number
  /** A message of theirs the server refused, waiting for them. */
  attention: boolean
}

/** Unread: written by someone else after the person last read the conversation. */
export function isUnread(message: LocalMessage, conversation: LocalConversation, meId: number): boolean {
  return (
    message.author.id !== meId &&
    (!conversation.last_read_at || message.created_at > conversation.last_read_at)
  )
}

/** A conversation's messages from `from` (exclusive) on, through the [conversation_id+created_at] index. */
function messagesAfter(db: LocalDb, conversationId: string, from = '') {
  return db.messages
    .where('[conversation_id+created_at]')
    .between([conversationId, from], [conversationId, '\uffff'], from === '', true)
}

// Each conversation's last message and unread count come from the index, so the list and the menu
// badge do not read every message on the device at each change.
async function summaries(db: LocalDb, meId: number): Promise<ConversationSummary[]> {
  const [conversations, refused] = await Promise.all([
    db.conversations.orderBy('last_message_at').reverse().toArray(),
    db.messages.where('_sync').equals('rejected').toArray(),
  ])
  const needsAttention = new Set(refused.map((m) => m.conversation_id))
  const list = await Promise.all(
    conversations.map(async (conversation) => {
      const [last, unread] = await Promise.all([
        messagesAfter(db, conversation.id).last(),
        messagesAfter(db, conversation.id, conversation.last_read_at ?? '')
          .filter((m) => m.author.id !== meId)
          .count(),
      ])
      return { conversation, last, unread, attention: needsAttention.has(conversation.id) }
    }),
  )
  const latest = (s: ConversationSummary) => s.last?.created_at ?? s.conversation.last_message_at
  return (
    list
      // A conversation started here whose first message was discarded is not a conversation.
      .filter((s) => s.last || !s.conversation._sync)
      .sort((a, b) => latest(b).localeCompare(latest(a)))
  )
}

export function useConversationSummaries(meId: number | undefined) {
  return useLocalQuery((db) => (meId ? summaries(db, meId) : Promise.resolve([])), [meId])
}

export function useConversation(id: string | undefined) {
  return useLocalQuery(async (db) => (id ? ((await db.conversations.get(id)) ?? null) : null), [id])
}

export function useConversationMessages(id: string | undefined) {
  return useLocalQuery(
    (db) =>
      id
        ? db.messages.where('[conversation_id+created_at]').between([id, ''], [id, '\uffff']).toArray()
        : Promise.resolve([]),
    [id],
  )
}

/** How many conversations have something unread, for the menu. */
export async function unreadConversations(db: LocalDb, meId: number): Promise<number> {
  return (await summaries(db, meId)).filter((s) => s.unread > 0).length
}

const GROUP = msg`Group message`

/** What a conversation is called for this person: the other person, or the group's name. */
export function useConversationName(): (c: LocalConversation, meId: number) => string {
  const { i18n } = useLingui()
  return (c, meId) => {
    const others = c.members.filter((m) => m.id !== meId)
    if (c.kind === 'direct') return others[0]?.name ?? i18n._(GROUP)
    if (c.title) return c.title
    const names = others.map((m) => m.name)
    if (names.length <= 3) return names.join(', ') || i18n._(GROUP)
    const first = names.slice(0, 2).join(', ')
    const more = names.length - 2
    return i18n._(msg`${first} and ${more} more`)
  }
}

/**
 * The people of the conversations already on the device, whom a new message can go to offline (a
 * family only to staff), each once.
 */
export async function knownContacts(db: LocalDb, meId: number, family: boolean): Promise<MessengerContact[]> {
  const all = (await db.conversations.toArray()).flatMap((c) => c.members)
  const unique = new Map(all.filter((m) => m.id !== meId && (!family || m.staff)).map((m) => [m.id, m]))
  return [...unique.values()].map((m) => ({ id: m.id, name: m.name, role_key: m.role_key, courses: [] }))
}

/** Those whose name holds what was typed, whatever its case and accents, as the server searches. */
export function namedLike<P extends { name: string }>(people: P[], typed: string): P[] {
  const key = searchKey(typed.trim())
  return people.filter((p) => searchKey(p.name).includes(key))
}
