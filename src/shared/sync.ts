// The pull protocol of DESIGN.md section 8, as both sides speak it.
import type { Notification } from './api-types.ts'
import type { Banner } from './banners.schema.ts'
import type { Pyme, PymeCategory } from './benefits.schema.ts'
import type { CollegeDocument, DocumentCategory, DocumentOpen } from './documents.schema.ts'
import type { CalendarEvent, EventCategory } from './events.schema.ts'
import type { Conversation, Message } from './messenger.schema.ts'
import type { Fee, Payment } from './payments.schema.ts'
import type { Course, Grade, Post, PostCategory, PostRead } from './posts.schema.ts'
import type { Process } from './processes.schema.ts'

export type SyncRows = {
  posts: Post
  post_categories: PostCategory
  post_reads: PostRead
  notifications: Notification
  grades: Grade
  courses: Course
  events: CalendarEvent
  event_categories: EventCategory
  conversations: Conversation
  messages: Message
  documents: CollegeDocument
  document_categories: DocumentCategory
  document_opens: DocumentOpen
  fees: Fee
  payments: Payment
  processes: Process
  pymes: Pyme
  pyme_categories: PymeCategory
  banners: Banner
}
export type CollectionName = keyof SyncRows
export const COLLECTIONS = [
  'posts',
  'post_categories',
  'post_reads',
  'notifications',
  'grades',
  'courses',
  'events',
  'event_categories',
  'conversations',
  'messages',
  'documents',
  'document_categories',
  'document_opens',
  'fees',
  'payments',
  'processes',
  'pymes',
  'pyme_categories',
  'banners',
] as const

export type SyncChange = {
  [K in CollectionName]:
    | { collection: K; op: 'put'; id: string; version: number; data: SyncRows[K] }
    | { collection: K; op: 'delete'; id: string; version: number }
}[CollectionName]

export type SyncResponse = {
  changes: SyncChange[]
  /** Opaque; send it back as `since`. */
  cursor: string
  hasMore: boolean
  /** The user's visibility changed (or the cursor is too old): clear the mirror and pull from zero. */
  reset: boolean
}

export const SYNC_PAGE_DEFAULT = 500
export const SYNC_PAGE_MAX = 2000
