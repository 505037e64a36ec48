// Each person's private calendar address: Google, Apple or Outlook calendars poll it every few hours.
// An unchanged calendar costs one indexed query and a 304.
import { Hono } from 'hono'
import type { CalendarFeed } from '#shared/events.schema.ts'
import type { RoleKey } from '#shared/permissions.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { loadPermissions, requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import { calendarSources } from '../../platform/calendar-sources.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv, AuthUser } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { publicOrigin } from '../../platform/password-links.ts'
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../platform/secrets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { eventAudienceOf, reachesAudience } from './event-audience.ts'
import { toEventDtos } from './event-dto.ts'
import { eventEntry, eventIcs } from './event-ics.ts'

/** Cancelled events stay in the feed this long, so calendars that poll rarely still drop them. */
const CANCELLED_KEPT_DAYS = 60
/** Past events older than this leave the feed: it stays small for calendars that poll it. */
const PAST_KEPT_DAYS = 180
/** Repeating entries (weekly practices) are written out this far ahead. */
const FUTURE_DAYS = 370

export const calendarFeedRoutes = new Hono<AppEnv>()
calendarFeedRoutes.use('/api/v1/calendar-feed', requireAuth, requireCollegeMember)

function feedUrls(origin: string, token: string): CalendarFeed {
  const https = `${origin}/calendar/${token}.ics`
  return { https_url: https, webcal_url: https.replace(/^https?:/, 'webcal:') }
}

calendarFeedRoutes.get('/api/v1/calendar-feed', async (c) => {
  const { user } = c.get('auth')
  const row = await tenantScope(c.get('deps').db, user.college_id!)
    .selectFrom('calendar_feeds')
    .select('token_sealed')
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  const token = row && decryptSecret(row.token_sealed, c.get('deps').config.appKey)
  return c.json({ feed: token ? feedUrls(publicOrigin(c), token) : null })
})

/** A new address; the old one (if any) stops working at once. */
calendarFeedRoutes.post('/api/v1/calendar-feed', async (c) => {
  const { user } = c.get('auth')
  const { db, config } = c.get('deps')
  const token = randomToken(24)
  const values = {
    token_hash: sha256(token),
    token_sealed: encryptSecret(token, config.appKey),
    created_at: nowIso(),
  }
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, user.college_id!)
    await scope.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute()
    await scope.insertInto('calendar_feeds', { user_id: user.id, ...values }).execute()
  })
  return c.json({ feed: feedUrls(publicOrigin(c), token) }, 201)
})

calendarFeedRoutes.get('/calendar/:file{[A-Za-z0-9_-]{20,64}\\.ics}', async (c) => {
  const college = c.get('college')
  if (!college || college.suspended_at) throw notFound()
  const { db } = c.get('deps')
  const token = c.req.param('file').slice(0, -'.ics'.length)
  // One indexed query answers an unchanged calendar: the person, and the college's latest change
  // to any event. What they may see changes with their role or courses (which bump sync_epoch).
  const found = await db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select('roles.key as role_key')
    .select((eb) =>
      eb
        .selectFrom('events')
        .select((e) => e.fn.max('events.version').as('v'))
        .where('events.college_id', '=', college.id)
        .as('latest'),
    )
    .where('calendar_feeds.token_hash', '=', sha256(token))
    .where('calendar_feeds.college_id', '=', college.id)
    .executeTakeFirst()
  if (!found || found.deactivated_at) throw notFound()
  const { role_key, latest: latestEvent, ...person } = found
  // Other entries of the feed (practice sessions) change the calendar too.
  const others = await Promise.all(calendarSources().map((source) => source.latestVersion(db, college.id)))
  const latest = [Number(latestEvent ?? 0), ...others].join('.')
  // The college's record (name, time zone) and today's date are in the calendar too: the date because
  // past and cancelled events age out of it day by day.
  const context = sha256(`${college.updated_at}|${todayIn(college.timezone)}`).slice(0, 12)
  const etag = `"${latest}-${person.role_id}-${person.sync_epoch}-${context}"`
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)

  const user: AuthUser = {
    ...person,
    role_key: role_key as RoleKey,
    permissions: await loadPermissions(db, person.role_id),
  }
  const audience = await eventAudienceOf(db, user)
  const now = Date.now()
  const cancelledSince = new Date(now - CANCELLED_KEPT_DAYS * 86_400_000).toISOString()
  const endedSince = new Date(now - PAST_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10)
  const rows = await tenantScope(db, college.id)
    .selectFrom('events')
    .selectAll()
    .where(reachesAudience(audience))
    .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deleted_at', '>=', cancelledSince)]))
    .where('ends_at', '>=', endedSince)
    .orderBy('starts_at')
    .execute()
  const events = await toEventDtos(db, college.id, rows)
  const origin = publicOrigin(c)
  const days = { from: endedSince, to: addDays(todayIn(college.timezone), FUTURE_DAYS) }
  const sessions = (
    await Promise.all(calendarSources().map((source) => source.sessions(db, user, college, days)))
  ).flat()
  const body = eventIcs(college, [
    ...events.map((event, i) => eventEntry(event, origin, rows[i]!)),
    ...sessions.map(({ path, ...session }) => ({
      ...session,
      all_day: false,
      url: `${origin}${path}`,
      // A practice's every change moves its process's updated_at: calendars compare it.
      sequence: Math.floor(Date.parse(session.updated_at) / 1000) % 2_000_000_000,
      cancelled: false,
    })),
  ])
  return c.body(body, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' })
})
