// The local mirror and outbox, one IndexedDB database per user on this host.
import Dexie, { type DBCore, type EntityTable, type Middleware } from 'dexie'
import type { Notification } from '#shared/api-types.ts'
import type { Banner } from '#shared/banners.schema.ts'
import type { Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import type { CollegeDocument, DocumentCategory, DocumentOpen } from '#shared/documents.schema.ts'
import type { CalendarEvent, EventCategory } from '#shared/events.schema.ts'
import type { Conversation, Message } from '#shared/messenger.schema.ts'
import type { Fee, Payment } from '#shared/payments.schema.ts'
import type { Course, Grade, Post, PostCategory, PostRead } from '#shared/posts.schema.ts'
import type { Process } from '#shared/processes.schema.ts'
import type { OutboxItem } from './outbox-types.ts'

// Dexie turns its debugging aids on for any page served from localhost or 127.0.0.1: an async stack
// trace (`console.createTask`) taken for every table operation, and the promises that follow it run
// inside it. A built app runs there as it runs for families (tests, the bench, a school's own
// server); the dev server and the unit tests keep Dexie's own choice.
if (!import.meta.env.DEV) Dexie.debug = false

/**
 * A mirrored row written here and not yet accepted by the server carries `_sync`, and `_base`: the
 * server version (`updated_at`) its local changes started from (null when it was created here).
 */
export type LocalState = { _sync?: 'pending' | 'rejected'; _base?: string | null }
export type LocalPost = Post & LocalState
export type LocalEvent = CalendarEvent & LocalState
export type LocalConversation = Conversation & LocalState
export type LocalMessage = Message & LocalState
/** A document's file kept on this device for reading offline (the bytes live in the Cache API). */
export type PinnedDocument = { id: string; file_id: string; size: number; pinned_at: number }
export type StoredBlob = { id: string; blob: Blob; name: string; type: string }
export type Meta = { key: string; value: unknown }

export type LocalDb = Dexie & {
  posts: EntityTable<LocalPost, 'id'>
  post_categories: EntityTable<PostCategory, 'id'>
  post_reads: EntityTable<PostRead & LocalState, 'id'>
  notifications: EntityTable<Notification & LocalState, 'id'>
  grades: EntityTable<Grade, 'id'>
  courses: EntityTable<Course, 'id'>
  events: EntityTable<LocalEvent, 'id'>
  event_categories: EntityTable<EventCategory, 'id'>
  conversations: EntityTable<LocalConversation, 'id'>
  messages: EntityTable<LocalMessage, 'id'>
  documents: EntityTable<CollegeDocument, 'id'>
  document_categories: EntityTable<DocumentCategory, 'id'>
  document_opens: EntityTable<DocumentOpen & LocalState, 'id'>
  pinned_documents: EntityTable<PinnedDocument, 'id'>
  fees: EntityTable<Fee, 'id'>
  payments: EntityTable<Payment, 'id'>
  processes: EntityTable<Process, 'id'>
  pymes: EntityTable<Pyme, 'id'>
  pyme_categories: EntityTable<PymeCategory, 'id'>
  banners: EntityTable<Banner, 'id'>
  outbox: EntityTable<OutboxItem, 'seq'>
  blobs: EntityTable<StoredBlob, 'id'>
  meta: EntityTable<Meta, 'key'>
}

export const DB_PREFIX = 'college-app-u'

/**
 * Set in `meta` once a pull has reached the server's last change (a page with nothing after it): until
 * then an empty list means "not here yet". The cursor alone says less: it is kept after every page,
 * and a first sync brings the newest changes of every kind first, so a list may still be empty then.
 */
export const COMPLETE_KEY = 'complete'

/** Where the next pull starts, in `meta`; kept after every page. */
export const CURSOR_KEY = 'cursor'

export function createLocalDb(name: string): LocalDb {
  const db = new Dexie(name) as LocalDb
  // Versions 1 to 7, declared as one: Dexie compares a mirror being opened with the tables it has, not
  // with the version before, so only versions with an upgrade need declaring, and each declaration is
  // parsed (with every table's objects made) as the mirror is created, on each start and in the pull
  // worker: nine of them cost 2.6 ms a mirror in a warm test, three cost 1.0 (an earlier device's mirror
  // opened at any version: tests/client/mirror-upgrade.test.ts).
  // Versions 2 to 7 each added a collection to sync (the calendar, messages, documents, fees and
  // payments, processes, local businesses and banners): the cursor is dropped so that the next pull
  // brings their rows from the start.
  db.version(7)
    .stores({
      posts: 'id, publish_at, [category_id+publish_at], _sync',
      post_categories: 'id, slug',
      post_reads: 'id',
      notifications: 'id, created_at',
      grades: 'id, position',
      courses: 'id, grade_id',
      outbox: '++seq, &id, state, record',
      blobs: 'id',
      meta: 'key',
      events: 'id, starts_at, ends_at, _sync',
      event_categories: 'id',
      conversations: 'id, last_message_at',
      messages: 'id, [conversation_id+created_at], _sync',
      documents: 'id, category_id, published_on',
      document_categories: 'id, parent_id',
      document_opens: 'id',
      pinned_documents: 'id',
      fees: 'id, end_date',
      payments: 'id, fee_id, student_id',
      processes: 'id, starts_on, ends_on',
      pymes: 'id, category_id',
      pyme_categories: 'id, position',
      banners: 'id, placement',
    })
    .upgrade((tx) => tx.table('meta').delete(CURSOR_KEY))
  // A mirror says when one whole pull has landed (COMPLETE_KEY); one kept before that says so by its
  // cursor.
  db.version(8)
    .stores({})
    .upgrade(async (tx) => {
      if (await tx.table('meta').get(CURSOR_KEY))
        await tx.table('meta').put({ key: COMPLETE_KEY, value: true })
    })
  // The menu counts unread notifications by the read ones' index (a notification read has a time)
  // instead of reading every notification on each change.
  db.version(9).stores({ notifications: 'id, created_at, read_at' })
  return db
}

let current: LocalDb | undefined
let currentUser: number | undefined
const listeners = new Set<(db: LocalDb | undefined) => void>()

/** Another tab opened a newer version of the database: this one closes and asks to reload (V8). */
export const schemaChangeListeners = new Set<() => void>()

/**
 * Told when this tab writes to its mirror (a person's own action, the outbox's progress), not when
 * the pull worker does: what a person does shows at once, also while a first sync fills the mirror.
 */
export const localWriteListeners = new Set<() => void>()

const toldOfLocalWrites: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'LocalWrites',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name)
      return {
        ...table,
        mutate: async (request) => {
          const result = await table.mutate(request)
          for (const listener of localWriteListeners) listener()
          return result
        },
      }
    },
  }),
}

export function openLocalDb(userId: number): LocalDb {
  if (current && currentUser === userId) return current
  current?.close()
  current = createLocalDb(`${DB_PREFIX}${userId}`)
  current.use(toldOfLocalWrites)
  currentUser = userId
  current.on('versionchange', () => {
    current?.close()
    for (const listener of schemaChangeListeners) listener()
    return false
  })
  for (const listener of listeners) listener(current)
  return current
}

/** Whose mirror this is. */
export function userOfLocalDb(db: LocalDb): number {
  return Number(db.name.slice(DB_PREFIX.length))
}

export function localDb(): LocalDb | undefined {
  return current
}

/** The open mirror, for writes a signed-in user makes (there is none without one). */
export function requireLocalDb(): LocalDb {
  if (!current) throw new Error('The local database is not open (no signed-in user).')
  return current
}

export function closeLocalDb(): void {
  current?.close()
  current = undefined
  currentUser = undefined
  for (const listener of listeners) listener(undefined)
}

export function onLocalDbChange(listener: (db: LocalDb | undefined) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
