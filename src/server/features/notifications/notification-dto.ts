import type { Selectable } from 'kysely'
import type { Notification, NotificationAnswer } from '#shared/api-types.ts'
import type { NotificationsTable } from '../../db/schema.ts'

export function toNotificationDto(n: Selectable<NotificationsTable>): Notification {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    scope: n.scope,
    emergency: n.emergency === 1,
    read_at: n.read_at,
    answer: (n.answer as NotificationAnswer | null) ?? null,
    answered_at: n.answered_at,
    created_at: n.created_at,
  }
}
