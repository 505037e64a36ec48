import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OutboxItem, OutboxKind } from '../../platform/sync/outbox-types.ts'

const KIND_LABELS = {
  'post.create': msg`New post`,
  'post.update': msg`Edited post`,
  'post.delete': msg`Deleted post`,
  'post.read': msg`Read receipt`,
  'notification.read': msg`Read receipt`,
  'notification.answer': msg`Answer to an emergency alert`,
  'post-image.upload': msg`Picture`,
  'event.create': msg`New event`,
  'event.update': msg`Edited event`,
  'event.delete': msg`Deleted event`,
  'conversation.create': msg`New conversation`,
  'conversation.read': msg`Read receipt`,
  'conversation.close': msg`Closing or reopening a conversation`,
  'conversation.mute': msg`Muting a conversation`,
  'message.create': msg`Message`,
  'message.report': msg`Report of a message`,
  'message-attachment.upload': msg`File for a message`,
  'document.read': msg`Document opened`,
} satisfies Record<OutboxKind, unknown>

export function kindLabel(i18n: I18n, kind: OutboxKind): string {
  return i18n._(KIND_LABELS[kind])
}

/** Reads are bookkeeping, not something the user wrote: they are sent, but not counted as writes. */
export function isReadReceipt(item: Pick<OutboxItem, 'kind'>): boolean {
  return item.kind.endsWith('.read')
}

/** What a write is about, for lists: "New post: Trip to the museum". */
export function describeItem(i18n: I18n, item: OutboxItem): string {
  const body = item.body as { title?: string; name?: string; body?: string } | undefined
  const title = body?.title || body?.name || excerpt(body?.body)
  return title ? `${kindLabel(i18n, item.kind)}: ${title}` : kindLabel(i18n, item.kind)
}

function excerpt(text: string | undefined): string | undefined {
  if (!text) return undefined
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}
