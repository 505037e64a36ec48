// The news feed: a family's (or staff's) posts, newest first, a page at a time. Hono's route and the
// plain node:http read (fast-reads.ts) both answer it from here.
import type { Kysely, Selectable } from 'kysely'
import * as v from 'valibot'
import { recordId } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import type { Post } from '#shared/posts.schema.ts'
import type { Database, PostsTable } from '../../db/schema.ts'
import { nowIso } from '../../platform/clock.ts'
import { compiledPerShape } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { audienceFrom } from '../../platform/sync-statements.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validQuery } from '../../platform/validate.ts'
import { postAudienceOf, visibleTo } from './post-audience.ts'
import { toPostDtos } from './post-dto.ts'

/** The feed's query: a page, and optionally one category (a number the database can hold). */
export const feedQuerySchema = v.object({
  ...pageQuerySchema.entries,
  category_id: v.pipe(
    v.optional(v.string(), ''),
    v.check((value) => value === '' || /^\d{1,10}$/.test(value), message(messages.numberInvalid)),
    v.transform((value) => (value === '' ? undefined : Number(value))),
    v.optional(recordId),
  ),
})

export type FeedQuery = v.InferOutput<typeof feedQuerySchema>

/** Who reads, what they see and which page (the limit plus one, to know whether a page follows). */
type FeedArgs = [
  collegeId: number,
  admin: boolean,
  all: boolean,
  now: string | undefined,
  userId: number | undefined,
  gradeIds: readonly number[],
  courseIds: readonly number[],
  category: number | undefined,
  afterAt: string | undefined,
  afterId: string | undefined,
  limitPlusOne: number,
]

/** What makes the feed's text differ (compiled-once.ts): who reads, how many grades and courses, the filters. */
const feedShape = ([, admin, all, , , grades, courses, category, afterAt]: FeedArgs) =>
  `${admin} ${all} ${grades.length} ${courses.length} ${category !== undefined} ${afterAt !== undefined}`

/** Stand-ins for a shape of the feed's arguments: the same flags and counts, other values. */
function feedMarks([, admin, all, , , grades, courses, category, afterAt]: FeedArgs): FeedArgs {
  const cursor = afterAt !== undefined
  return [
    -7_311,
    admin,
    all,
    // Admins see what is scheduled too: neither the time nor the person is asked.
    admin ? undefined : '\u0000now',
    admin ? undefined : -7_312,
    grades.map((_, i) => -1_000_000 - i),
    courses.map((_, i) => -2_000_000 - i),
    category === undefined ? undefined : -7_313,
    cursor ? '\u0000at' : undefined,
    cursor ? '\u0000id' : undefined,
    -7_314,
  ]
}

/**
 * The feed's statement, compiled once per shape (compiled-once.ts): its text changes with who reads
 * (an admin, staff, a family and how many grades and courses it has) and with a category or a cursor.
 */
const feedRows = compiledPerShape<FeedArgs, Selectable<PostsTable>>(
  (
    db,
    ...[
      collegeId,
      admin,
      all,
      now,
      userId,
      grades,
      courses,
      category,
      afterAt,
      afterId,
      limitPlusOne,
    ]: FeedArgs
  ) => {
    const audience = audienceFrom(collegeId, [all, admin, userId, grades, courses, []])
    let query = tenantScope(db, collegeId)
      .selectFrom('posts')
      .selectAll()
      .where(visibleTo(audience, now!))
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limitPlusOne)
    if (category !== undefined) query = query.where('category_id', '=', category)
    if (afterAt !== undefined && afterId !== undefined)
      query = query.where(afterCursor({ at: afterAt, id: afterId }, 'publish_at', 'id', 'desc'))
    return query
  },
  feedShape,
  feedMarks,
)

/** One page of the feed, with one keyset cursor (publish date, id). */
export async function feedPage(
  db: Kysely<Database>,
  user: AuthUser,
  { cursor, limit, category_id: category }: FeedQuery,
): Promise<{ data: Post[]; next_cursor: string | null }> {
  const audience = await postAudienceOf(db, user)
  const after = decodeCursor(cursor)
  const { admin, all, userId, gradeIds, courseIds } = audience
  const rows = await feedRows(
    db,
    user.college_id!,
    admin,
    all,
    nowIso(),
    userId,
    gradeIds,
    courseIds,
    category,
    after?.at,
    after?.id,
    limit + 1,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: await toPostDtos(db, user.college_id!, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.publish_at, last.id) : null,
  }
}

/**
 * `GET /api/v1/posts` as plain node:http answers it for a session already kept; a query it would
 * refuse is left to Hono's route, which answers the 422.
 */
export const feedRead: FastRead = ({ auth }, query, { db }) => {
  const valid = validQuery(feedQuerySchema, query)
  return valid && feedPage(db, auth.user, valid)
}
