import type { Selectable } from 'kysely'
import type { Notification } from '#shared/api-types.ts'
import type { NotificationsTable } from '../../db/schema.ts'

export function toNotificationDto(n: Selectable<NotificationsTable>): Notification {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    scope: n.scope,
    emergency: n.emergency === 1,
    read_at: n.read_at,
    created_at: n.created_at,
  }
}
