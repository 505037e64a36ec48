import { useAtomValue } from 'jotai'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { unreadConversations } from '../messenger/conversation-queries.ts'
import { unreadNotifications } from '../notifications/unread-count.ts'
import type { BadgeKey } from './areas.ts'

/** Counts shown on the menu's areas, from the mirror. */
export function useNavBadges(): Record<BadgeKey, number> {
  const unread = useLocalQuery(unreadNotifications, [], 0)
  const meId = useAtomValue(userAtom)?.id
  const conversations = useLocalQuery(
    (db) => (meId ? unreadConversations(db, meId) : Promise.resolve(0)),
    [meId],
    0,
  )
  return { notifications: unread ?? 0, messages: conversations ?? 0 }
}
