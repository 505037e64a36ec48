// The events a person sees, soonest first, a page at a time, optionally only those overlapping some
// days. Hono's route and the plain node:http read (fast-reads.ts) both answer it from here.
import type { Kysely, Selectable } from 'kysely'
import * as v from 'valibot'
import type { CalendarEvent } from '#shared/events.schema.ts'
import { optionalDay } from '#shared/fields.schema.ts'
import { type Page, pageQuerySchema } from '#shared/pagination.ts'
import { addDays, zonedToUtc } from '#shared/time-zones.ts'
import type { Database, EventsTable } from '../../db/schema.ts'
import { compiledPerShape } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { audienceFrom } from '../../platform/sync-statements.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { validQuery } from '../../platform/validate.ts'
import { eventAudienceOf, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'

/** A page of the events that overlap the days from..to (both optional), soonest first. */
export const eventListQuerySchema = v.object({
  ...pageQuerySchema.entries,
  from: optionalDay,
  to: optionalDay,
})

type EventListQuery = v.InferOutput<typeof eventListQuerySchema>

/**
 * Who reads (the audience's flags and lists), which days (the first day and the instant its local
 * midnight is, the day after the last and its midnight) and which page.
 */
type ListArgs = [
  collegeId: number,
  all: boolean,
  admin: boolean,
  gradeIds: readonly number[],
  courseIds: readonly number[],
  fromDay: string | undefined,
  fromInstant: string | undefined,
  afterDay: string | undefined,
  afterInstant: string | undefined,
  afterAt: string | undefined,
  afterId: string | undefined,
  limitPlusOne: number,
]

const eventRows = compiledPerShape<ListArgs, Selectable<EventsTable>>(
  (
    db,
    ...[
      collegeId,
      all,
      admin,
      grades,
      courses,
      fromDay,
      fromInstant,
      afterDay,
      afterInstant,
      afterAt,
      afterId,
      limitPlusOne,
    ]: ListArgs
  ) => {
    const audience = audienceFrom(collegeId, [all, admin, undefined, grades, courses, []])
    // Text order is time order: an all-day "2026-03-02" sorts before "2026-03-02T…" of the same day.
    let query = tenantScope(db, collegeId)
      .selectFrom('events')
      .selectAll()
      .where(visibleEvents(audience))
      .orderBy('starts_at')
      .orderBy('id')
      .limit(limitPlusOne)
    // The days are the college's: a timed event counts from local midnight, an all-day one by its date.
    if (fromDay !== undefined && fromInstant !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('all_day', '=', 1), eb('ends_at', '>=', fromDay)]),
          eb.and([eb('all_day', '=', 0), eb('ends_at', '>=', fromInstant)]),
        ]),
      )
    if (afterDay !== undefined && afterInstant !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('all_day', '=', 1), eb('starts_at', '<', afterDay)]),
          eb.and([eb('all_day', '=', 0), eb('starts_at', '<', afterInstant)]),
        ]),
      )
    if (afterAt !== undefined && afterId !== undefined)
      query = query.where(afterCursor({ at: afterAt, id: afterId }, 'starts_at', 'id', 'asc'))
    return query
  },
  ([, all, admin, grades, courses, from, , to, , after]) =>
    `${all} ${admin} ${grades.length} ${courses.length} ${from !== undefined} ${to !== undefined} ${after !== undefined}`,
  ([, all, admin, grades, courses, from, , to, , after]) => {
    const given = (value: string | undefined, mark: string) => (value === undefined ? undefined : mark)
    return [
      -7_331,
      all,
      admin,
      grades.map((_, i) => -1_000_000 - i),
      courses.map((_, i) => -2_000_000 - i),
      given(from, '\u0000fromDay'),
      given(from, '\u0000fromInstant'),
      given(to, '\u0000afterDay'),
      given(to, '\u0000afterInstant'),
      given(after, '\u0000at'),
      given(after, '\u0000id'),
      -7_332,
    ]
  },
)

/** One page of the events the person sees, with one keyset cursor (start, id). */
export async function eventsPage(
  db: Kysely<Database>,
  user: AuthUser,
  zone: string,
  { cursor, limit, from, to }: EventListQuery,
): Promise<Page<CalendarEvent>> {
  const { all, admin, gradeIds, courseIds } = await eventAudienceOf(db, user)
  const afterTo = to ? addDays(to, 1) : undefined
  const after = decodeCursor(cursor, { anyText: true })
  const rows = await eventRows(
    db,
    user.college_id!,
    all,
    admin,
    gradeIds,
    courseIds,
    from || undefined,
    from ? zonedToUtc(`${from}T00:00`, zone) : undefined,
    afterTo,
    afterTo && zonedToUtc(`${afterTo}T00:00`, zone),
    after?.at,
    after?.id,
    limit + 1,
  )
  const page = rows.length > limit ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return {
    data: await toEventDtos(db, user.college_id!, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.starts_at, last.id) : null,
  }
}

/**
 * `GET /api/v1/events` as plain node:http answers it for a session already kept; a query it would
 * refuse is left to Hono's route, which answers the 422.
 */
export const eventsRead: FastRead = ({ auth, college }, query, { db }) => {
  const valid = validQuery(eventListQuerySchema, query)
  return valid && eventsPage(db, auth.user, college.timezone, valid)
}
