// A person's notifications, newest first, a page at a time. Hono's route and the plain node:http read
// (fast-reads.ts) both answer it from here: a family's app asks for it as often as for the feed.
import type { Kysely, Selectable } from 'kysely'
import type * as v from 'valibot'
import type { Notification } from '#shared/api-types.ts'
import { type Page, pageQuerySchema } from '#shared/pagination.ts'
import type { Database, NotificationsTable } from '../../db/schema.ts'
import { compiledPerShape } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validQuery } from '../../platform/validate.ts'
import { toNotificationDto } from './notification-dto.ts'

type ListArgs = [
  collegeId: number,
  userId: number,
  afterAt: string | undefined,
  afterId: string | undefined,
  limitPlusOne: number,
]

/** The statement, compiled once with a cursor and once without (compiled-once.ts). */
const notificationRows = compiledPerShape<ListArgs, Selectable<NotificationsTable>>(
  (db, collegeId, userId, afterAt, afterId, limitPlusOne) => {
    let query = tenantScope(db, collegeId)
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limitPlusOne)
    if (afterAt !== undefined && afterId !== undefined)
      query = query.where(afterCursor({ at: afterAt, id: afterId }, 'created_at', 'id', 'desc'))
    return query
  },
  ([, , afterAt]) => (afterAt === undefined ? 'first' : 'after'),
  ([, , afterAt]) => [
    -7_321,
    -7_322,
    afterAt === undefined ? undefined : '\u0000at',
    afterAt === undefined ? undefined : '\u0000id',
    -7_323,
  ],
)

/** One page of the person's notifications, with one keyset cursor (creation time, id). */
export async function notificationsPage(
  db: Kysely<Database>,
  user: AuthUser,
  { cursor, limit }: v.InferOutput<typeof pageQuerySchema>,
): Promise<Page<Notification>> {
  const after = decodeCursor(cursor)
  const rows = await notificationRows(db, user.college_id!, user.id, after?.at, after?.id, limit + 1)
  const page = rows.length > limit ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return {
    data: page.map(toNotificationDto),
    next_cursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  }
}

/**
 * `GET /api/v1/notifications` as plain node:http answers it for a session already kept; a query it
 * would refuse is left to Hono's route, which answers the 422.
 */
export const notificationsRead: FastRead = ({ auth }, query, { db }) => {
  const valid = validQuery(pageQuerySchema, query)
  return valid && notificationsPage(db, auth.user, valid)
}
