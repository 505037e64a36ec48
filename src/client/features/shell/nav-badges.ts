import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import type { BadgeKey } from './areas.ts'

/** Counts shown on the menu's areas, from the mirror. */
export function useNavBadges(): Record<BadgeKey, number> {
  const unread = useLocalQuery((db) => db.notifications.filter((n) => !n.read_at).count(), [], 0)
  return { notifications: unread ?? 0 }
}
