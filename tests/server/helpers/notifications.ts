// Notifications as the tests send them: a valid send body, and running the jobs a server would run.
import { v7 as uuidv7 } from 'uuid'
import { runDueJobs } from '#server/platform/jobs.ts'
import type { PushSender } from '#server/platform/push.ts'
import type { NotificationSendInput } from '#shared/notifications.schema.ts'
import '#server/features/notifications/notification-delivery.ts'
import type { TestApp } from './test-app.ts'

export function sendInput(overrides: Partial<NotificationSendInput> = {}): NotificationSendInput {
  return {
    id: uuidv7(),
    title: 'Reunión de apoderados',
    content: 'El jueves a las 19:00 en el gimnasio.',
    emergency: false,
    send_at: null,
    scope: 'college',
    grades: [],
    courses: [],
    users: [],
    ...overrides,
  }
}

/** What the job worker would do now; `push` stands in for the push services. */
export function runJobs(t: TestApp, push?: PushSender): Promise<number> {
  return runDueJobs({ db: t.db, dialect: t.dialect, config: t.config, storage: t.storage, push })
}

/** Copies of a send: who received it. */
export async function recipientsOf(t: TestApp, sendId: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('notifications')
    .select('user_id')
    .where('send_id', '=', sendId)
    .orderBy('user_id')
    .execute()
  return rows.map((r) => r.user_id)
}
