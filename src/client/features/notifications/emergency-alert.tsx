// An emergency takes over every screen until the person answers it. What watches for one runs on every
// signed-in screen; the dialog that shows it (and React Aria's dialog code) loads only when one is
// waiting: it is precached, so it opens offline too.
import { lazy, Suspense } from 'react'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'

const EmergencyDialog = lazy(() => import('./emergency-dialog.tsx'))

/** Older unanswered emergencies (a new device, a long absence) wait in the list instead. */
const TAKEOVER_HOURS = 72

export function EmergencyAlert() {
  const since = new Date(Date.now() - TAKEOVER_HOURS * 3600_000).toISOString()
  const alert = useLocalQuery(
    (db) =>
      db.notifications
        .where('created_at')
        .above(since)
        .filter((n) => n.emergency && !n.answer)
        .first(),
    [since.slice(0, 13)],
  )
  if (!alert) return null
  return (
    <Suspense fallback={null}>
      <EmergencyDialog alert={alert} />
    </Suspense>
  )
}
