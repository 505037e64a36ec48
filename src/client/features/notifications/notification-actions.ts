// What a person does to their notifications: read one, answer an emergency. Both land in the mirror
// at once and wait in the outbox with the moment they happened, so an answer given offline reaches
// the school later with its real time.
import type { NotificationAnswer } from '#shared/api-types.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { enqueue, replayOutbox } from '../../platform/sync/outbox.ts'
import { recordKey } from '../../platform/sync/outbox-types.ts'

export async function markNotificationRead(id: string): Promise<void> {
  const db = localDb()
  const row = await db?.notifications.get(id)
  if (!db || !row || row.read_at) return
  const read_at = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    await db.notifications.update(id, { read_at, _sync: 'pending' })
    await enqueue(db, {
      kind: 'notification.read',
      method: 'POST',
      url: `/api/v1/notifications/${id}/read`,
      body: { read_at },
      record: recordKey('notifications', id),
    })
  })
  void replayOutbox(db)
}

export async function answerNotification(id: string, answer: NotificationAnswer): Promise<void> {
  const db = localDb()
  const row = await db?.notifications.get(id)
  if (!db || !row) return
  const at = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    await db.notifications.update(id, {
      answer,
      answered_at: at,
      read_at: row.read_at ?? at,
      _sync: 'pending',
    })
    await enqueue(db, {
      kind: 'notification.answer',
      method: 'POST',
      url: `/api/v1/notifications/${id}/answer`,
      body: { answer, answered_at: at },
      record: recordKey('notifications', id),
    })
  })
  void replayOutbox(db)
}
