import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { notificationAnswerSchema } from '#shared/notifications.schema.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import { readReceiptSchema } from '#shared/posts.schema.ts'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import { deviceTime, nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound, validationError } from '../../platform/errors.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { toNotificationDto } from './notification-dto.ts'
import { notificationsPage } from './notification-list.ts'

export const notificationsRoutes = new Hono<AppEnv>()

/** The person's notifications, newest first (notification-list.ts). */
notificationsRoutes.get('/api/v1/notifications', requireAuth, requireCollegeMember, async (c) =>
  c.json(
    await notificationsPage(
      c.get('deps').db,
      c.get('auth').user,
      validate(c, pageQuerySchema, c.req.query()),
    ),
  ),
)

/**
 * Marks a notification read at the time the user opened it (which may be before this request, offline).
 * Answers with the whole notification as it now stands, which the device's mirror takes: a change the
 * device's pull passed over while this read waited (an answer given on another phone) arrives with it.
 */
notificationsRoutes.post('/api/v1/notifications/:id/read', requireAuth, requireCollegeMember, async (c) => {
  const { user } = c.get('auth')
  const { read_at } = validate(c, readReceiptSchema, await readJson(c))
  const { db } = c.get('deps')
  const scope = tenantScope(db, user.college_id!)
  const row = await scope
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', c.req.param('id'))
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  if (!row) throw notFound()
  const now = nowIso()
  const when = read_at && new Date(read_at).toISOString() < now ? new Date(read_at).toISOString() : now
  if (row.read_at && row.read_at <= when) return c.json(toNotificationDto(row))
  const updated = await db.transaction().execute(async (trx) => {
    const version = await takeVersion(trx, user.college_id!)
    return tenantScope(trx, user.college_id!)
      .updateTable('notifications')
      .set({ read_at: when, version })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  return c.json(toNotificationDto(updated))
})

/**
 * Answers an emergency (or acknowledges any notification): "read" from everyone, "safe" or "need
 * help" from families. Sent from the outbox, so `answered_at` is when the person answered, perhaps
 * offline long before; of two answers the later one by that time stands.
 */
notificationsRoutes.post('/api/v1/notifications/:id/answer', requireAuth, requireCollegeMember, async (c) => {
  const { user } = c.get('auth')
  const { answer, answered_at } = validate(c, notificationAnswerSchema, await readJson(c))
  const { db } = c.get('deps')
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', c.req.param('id'))
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  if (!row) throw notFound()
  if (answer !== 'read' && !(row.emergency === 1 && user.role_key === 'guardian'))
    throw validationError({ answer: [messages.answerFamiliesOnly] })
  const now = nowIso()
  const when = deviceTime(answered_at, now)
  const newer = !row.answered_at || when >= row.answered_at
  const readAt = row.read_at && row.read_at < when ? row.read_at : when
  if (newer || readAt !== row.read_at) {
    const updated = await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, user.college_id!)
      return tenantScope(trx, user.college_id!)
        .updateTable('notifications')
        .set({
          read_at: readAt,
          ...(newer ? { answer, answered_at: when } : {}),
          version,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    return c.json(toNotificationDto(updated))
  }
  return c.json(toNotificationDto(row))
})
