// The mirrored collections. A new area joins sync by declaring itself here (and a Dexie table),
// not by writing another engine.
import type { CollectionName } from '#shared/sync.ts'

export type ClientCollection = {
  name: CollectionName
  /** Dexie key of a row from the id the server sends (always a string on the wire). */
  key: (id: string) => string | number
  /** The mirror row made from a write's answer, when the answer is a whole row. */
  fromWrite?: (data: unknown) => Record<string, unknown> | undefined
}

const text = (id: string) => id
const numeric = (id: string) => Number(id)

const row = (required: string) => (data: unknown) =>
  data && typeof data === 'object' && required in data ? (data as Record<string, unknown>) : undefined

export const CLIENT_COLLECTIONS: ClientCollection[] = [
  { name: 'posts', key: text, fromWrite: row('title') },
  {
    name: 'post_reads',
    key: text,
    fromWrite: (data) => {
      const read = data as { post_id?: string; read_at?: string } | undefined
      return read?.post_id ? { id: read.post_id, post_id: read.post_id, read_at: read.read_at } : undefined
    },
  },
  { name: 'post_categories', key: numeric },
  // A read or an answer is answered with the whole notification (the other phone's answer with it).
  { name: 'notifications', key: text, fromWrite: row('title') },
  { name: 'grades', key: numeric },
  { name: 'courses', key: numeric },
  { name: 'events', key: text, fromWrite: row('starts_at') },
  { name: 'event_categories', key: numeric },
  {
    name: 'conversations',
    key: text,
    // A write answers with the conversation, or with it and the message written into it.
    fromWrite: (data) => {
      const answer = data as { conversation?: unknown } | undefined
      return row('members')(answer?.conversation ?? data)
    },
  },
  { name: 'documents', key: text, fromWrite: row('file') },
  { name: 'document_categories', key: numeric },
  { name: 'document_opens', key: text, fromWrite: row('opened_at') },
  { name: 'fees', key: numeric },
  { name: 'payments', key: text },
  { name: 'processes', key: text, fromWrite: row('schedules') },
  { name: 'pymes', key: text, fromWrite: row('promotions') },
  { name: 'pyme_categories', key: numeric },
  { name: 'banners', key: text, fromWrite: row('placement') },
  {
    name: 'messages',
    key: text,
    fromWrite: (data) => {
      const answer = data as { message?: unknown } | undefined
      return row('body')(answer?.message ?? data)
    },
  },
]

export function collectionOf(name: string): ClientCollection | undefined {
  return CLIENT_COLLECTIONS.find((c) => c.name === name)
}
