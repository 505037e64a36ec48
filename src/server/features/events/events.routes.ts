import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { type CalendarEvent, eventInputSchema } from '#shared/events.schema.ts'
import { isRealDate, plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import { addDays, zonedToUtc } from '#shared/time-zones.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ifMatchOf, notFound } from '../../platform/errors.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { publicOrigin } from '../../platform/password-links.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { eventAudienceOf, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'
import { eventEntry, eventIcs } from './event-ics.ts'
import { createEvent, deleteEvent, updateEvent } from './events.service.ts'

const day = v.optional(
  v.pipe(
    plainString(),
    v.check((value) => value === '' || isRealDate(value), message(messages.dateInvalid)),
  ),
  '',
)
/** A page of the events that overlap the days from..to (both optional), soonest first. */
const listQuerySchema = v.object({ ...pageQuerySchema.entries, from: day, to: day })

export const eventsRoutes = new Hono<AppEnv>()
eventsRoutes.use('/api/v1/events/*', requireAuth, requireCollegeMember)

function eventId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw notFound()
  return id.toLowerCase()
}

eventsRoutes.get('/api/v1/events', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const { cursor, limit, from, to } = validate(c, listQuerySchema, c.req.query())
  const audience = await eventAudienceOf(db, user)
  // Text order is time order: an all-day "2026-03-02" sorts before "2026-03-02T…" of the same day.
  let query = tenantScope(db, user.college_id!)
    .selectFrom('events')
    .selectAll()
    .where(visibleEvents(audience))
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit + 1)
  // The days are the college's: a timed event counts from local midnight, an all-day one by its date.
  const zone = c.get('college')!.timezone
  if (from) {
    const since = zonedToUtc(`${from}T00:00`, zone)
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('all_day', '=', 1), eb('ends_at', '>=', from)]),
        eb.and([eb('all_day', '=', 0), eb('ends_at', '>=', since)]),
      ]),
    )
  }
  if (to) {
    const next = addDays(to, 1)
    const until = zonedToUtc(`${next}T00:00`, zone)
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('all_day', '=', 1), eb('starts_at', '<', next)]),
        eb.and([eb('all_day', '=', 0), eb('starts_at', '<', until)]),
      ]),
    )
  }
  const after = decodeCursor(cursor, { anyText: true })
  if (after) query = query.where(afterCursor(after, 'starts_at', 'id', 'asc'))
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return c.json({
    data: await toEventDtos(db, user.college_id!, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.starts_at, last.id) : null,
  })
})

async function visibleRow(c: Context<AppEnv>) {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const audience = await eventAudienceOf(db, user)
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId(c.req.param('id') ?? ''))
    .where(visibleEvents(audience))
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

eventsRoutes.get('/api/v1/events/:id', async (c) => {
  const row = await visibleRow(c)
  const [event] = await toEventDtos(c.get('deps').db, c.get('auth').user.college_id!, [row])
  return c.json(event as CalendarEvent, 200, { ETag: `"${row.updated_at}"` })
})

/** "Add to my calendar": the one event as an .ics file, in the college's time zone. */
eventsRoutes.get('/api/v1/events/:id/ics', async (c) => {
  const row = await visibleRow(c)
  const [event] = await toEventDtos(c.get('deps').db, c.get('auth').user.college_id!, [row])
  const college = c.get('college')!
  const body = eventIcs(college, [eventEntry(event!, publicOrigin(c), { sequence: row.sequence })])
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="event-${row.id.slice(0, 8)}.ics"`,
    'Cache-Control': 'private, no-store',
  })
})

eventsRoutes.post('/api/v1/events', requirePermission('events.manage'), async (c) => {
  const input = validate(c, eventInputSchema, await readJson(c))
  const { created, event } = await createEvent(
    c.get('deps').db,
    c.get('auth').user,
    { ...input, id: input.id.toLowerCase() },
    clientIp(c),
  )
  return c.json(event as CalendarEvent, created ? 201 : 200)
})

eventsRoutes.put('/api/v1/events/:id', requirePermission('events.manage'), async (c) => {
  const id = eventId(c.req.param('id'))
  const body = (await readJson(c)) as Record<string, unknown>
  const input = validate(c, eventInputSchema, { ...(body && typeof body === 'object' ? body : {}), id })
  const base = ifMatchOf(c.req.header('if-match'))
  return c.json(
    (await updateEvent(c.get('deps').db, c.get('auth').user, id, input, clientIp(c), base)) as CalendarEvent,
  )
})

eventsRoutes.delete('/api/v1/events/:id', requirePermission('events.manage'), async (c) => {
  const base = ifMatchOf(c.req.header('if-match'))
  await deleteEvent(c.get('deps').db, c.get('auth').user, eventId(c.req.param('id')), clientIp(c), base)
  return c.body(null, 204)
})
