export type OutboxState = 'pending' | 'rejected' | 'failed' | 'conflict'

export type OutboxKind =
  | 'post.create'
  | 'post.update'
  | 'post.delete'
  | 'post.read'
  | 'notification.read'
  | 'notification.answer'
  | 'post-image.upload'
  | 'event.create'
  | 'event.update'
  | 'event.delete'
  | 'conversation.create'
  | 'conversation.read'
  | 'conversation.close'
  | 'conversation.mute'
  | 'message.create'
  | 'message.report'
  | 'message-attachment.upload'
  | 'document.read'

/** One write waiting to reach the server. Nothing leaves the outbox without a 2xx or the user. */
export type OutboxItem = {
  seq?: number
  /** UUIDv7 of the write, sent as Idempotency-Key. */
  id: string
  kind: OutboxKind
  method: 'POST' | 'PUT' | 'DELETE'
  url: string
  /** JSON body, or the text fields of a multipart upload. */
  body?: unknown
  /** For uploads: the id of the file kept in the `blobs` table until it is sent. */
  blobId?: string
  /** The mirrored row this write changes, as `collection:id`. */
  record?: string
  state: OutboxState
  attempts: number
  nextAttemptAt: number
  errors?: Record<string, string[]>
  message?: string
  /** The HTTP status of the refusal (422 can be fixed; 403 and 404 can only be discarded). */
  status?: number
  /** The server version (`updated_at`) this change started from, sent as If-Match. */
  ifMatch?: string
  /** A 409: the record as the server has it now, for the user to compare with theirs. */
  current?: { updated_at?: string } & Record<string, unknown>
  created: number
}

export function recordKey(collection: string, id: string | number): string {
  return `${collection}:${id}`
}
