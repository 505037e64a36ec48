// The senders' side: sent and scheduled notifications, a preview of their reach, and each send's
// board of who read and answered.
import { Hono } from 'hono'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import {
  type NotificationSend,
  notificationAudienceSchema,
  notificationSendSchema,
} from '#shared/notifications.schema.ts'
import { listQuerySchema, type Page } from '#shared/pagination.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { containsText, foldedOrder } from '../../platform/keyset.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { publicOrigin } from '../../platform/password-links.ts'
import { personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { checkAudience, previewAudience, storedAudience } from './notification-recipients.ts'
import { cancelSend, createSend, sendBoard, sendsQuery, toSendDtos } from './notification-sends.service.ts'
import './notification-delivery.ts'

export const notificationSendsRoutes = new Hono<AppEnv>()
const base = '/api/v1/college-notifications'
notificationSendsRoutes.use(base, requireAuth, requireCollegeMember, requirePermission('notifications.send'))
notificationSendsRoutes.use(
  `${base}/*`,
  requireAuth,
  requireCollegeMember,
  requirePermission('notifications.send'),
)

function sendId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw notFound()
  return id.toLowerCase()
}

const sendListQuery = listQuerySchema(['created'])

/** Newest first; `q` finds words of the title or the content. */
notificationSendsRoutes.get(base, async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const { q, cursor, limit } = validate(c, sendListQuery, c.req.query())
  let query = sendsQuery(db, user.college_id!)
    .orderBy('notification_sends.created_at', 'desc')
    .orderBy('notification_sends.id', 'desc')
    .limit(limit + 1)
  if (q) query = query.where(containsText(['notification_sends.title', 'notification_sends.content'], q))
  const after = decodeCursor(cursor)
  if (after)
    query = query.where(afterCursor(after, 'notification_sends.created_at', 'notification_sends.id', 'desc'))
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return c.json({
    data: await toSendDtos(db, user.college_id!, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  } satisfies Page<NotificationSend>)
})

/** How many people a scope reaches (and how many get a push), before sending. */
notificationSendsRoutes.post(`${base}/preview`, async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const audience = storedAudience(validate(c, notificationAudienceSchema, await readJson(c)))
  await checkAudience(db, user.college_id!, audience)
  return c.json(await previewAudience(db, user.college_id!, audience))
})

const peopleQuery = v.object({
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
})

/** People to choose one by one: by name, email or RUT, with their role. */
notificationSendsRoutes.get(`${base}/people`, async (c) => {
  const { user } = c.get('auth')
  const { q } = validate(c, peopleQuery, c.req.query())
  let query = tenantScope(c.get('deps').db, user.college_id!)
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.name',
      'users.first_lastname',
      'users.email',
      'roles.key as role',
      'roles.name as role_name',
    ])
    .where('users.deactivated_at', 'is', null)
    .orderBy(foldedOrder('users.name'))
    .orderBy('users.id')
    .limit(20)
  if (q)
    query = query.where(containsText(['users.name', 'users.first_lastname', 'users.email', 'users.rut'], q))
  const rows = await query.execute()
  return c.json({
    data: rows.map((r) => ({
      id: r.id,
      name: personName(r),
      email: r.email,
      role: r.role,
      role_name: r.role_name,
    })),
  })
})

notificationSendsRoutes.post(base, async (c) => {
  const input = validate(c, notificationSendSchema, await readJson(c))
  const send = await createSend(c.get('deps').db, actorOf(c), {
    id: input.id.toLowerCase(),
    title: input.title,
    content: input.content,
    emergency: input.emergency,
    send_at: input.send_at,
    audience: storedAudience(input),
    origin: publicOrigin(c),
  })
  return c.json(send, 201)
})

notificationSendsRoutes.get(`${base}/:id`, async (c) => {
  const { user } = c.get('auth')
  c.header('Cache-Control', 'no-store')
  return c.json(await sendBoard(c.get('deps').db, user.college_id!, sendId(c.req.param('id'))))
})

notificationSendsRoutes.post(`${base}/:id/cancel`, async (c) => {
  return c.json(await cancelSend(c.get('deps').db, actorOf(c), sendId(c.req.param('id'))))
})
