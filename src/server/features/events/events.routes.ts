import { type Context, Hono } from 'hono'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { type CalendarEvent, eventInputSchema } from '#shared/events.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ifMatchOf, notFound } from '../../platform/errors.ts'
import { publicOrigin } from '../../platform/password-links.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { eventAudienceOf, visibleEvents } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'
import { eventEntry, eventIcs } from './event-ics.ts'
import { eventListQuerySchema, eventsPage } from './event-list.ts'
import { createEvent, deleteEvent, updateEvent } from './events.service.ts'

export const eventsRoutes = new Hono<AppEnv>()
eventsRoutes.use('/api/v1/events/*', requireAuth, requireCollegeMember)

function eventId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw notFound()
  return id.toLowerCase()
}

/** The events the person sees, soonest first (event-list.ts). */
eventsRoutes.get('/api/v1/events', async (c) =>
  c.json(
    await eventsPage(
      c.get('deps').db,
      c.get('auth').user,
      c.get('college')!.timezone,
      validate(c, eventListQuerySchema, c.req.query()),
    ),
  ),
)

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
