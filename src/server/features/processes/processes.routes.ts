// Processes and their practice schedules: everyone reads those that concern them (the app reads its
// mirror; these answer other clients and the first screen before a sync), staff with
// `processes.manage` write them.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { plainString } from '#shared/fields.schema.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import {
  PROCESS_STATUSES,
  type Process,
  processInputSchema,
  scheduleInputSchema,
} from '#shared/processes.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ifMatchOf, notFound } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { containsText } from '../../platform/keyset.ts'
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/pagination.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { processAudienceOf, visibleProcesses } from './process-audience.ts'
import { toProcessDtos } from './process-dto.ts'
import {
  createProcess,
  deleteProcess,
  deleteSchedule,
  saveSchedule,
  updateProcess,
} from './processes.service.ts'

const listQuerySchema = v.object({
  ...pageQuerySchema.entries,
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100)), ''),
  status: v.optional(v.picklist(PROCESS_STATUSES), undefined),
})

export const processesRoutes = new Hono<AppEnv>()
processesRoutes.use('/api/v1/processes', requireAuth, requireCollegeMember)
processesRoutes.use('/api/v1/processes/*', requireAuth, requireCollegeMember)
const manages = requirePermission('processes.manage')

function idOf(raw: string | undefined): string {
  if (!raw || !UUID_PATTERN.test(raw)) throw notFound()
  return raw.toLowerCase()
}

function ctxOf(c: Context<AppEnv>) {
  return { db: c.get('deps').db, user: c.get('auth').user, ip: clientIp(c), lang: requestLocale(c) }
}

/** Newest first; `status` is by the college's today, `q` searches the name. */
processesRoutes.get('/api/v1/processes', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const { cursor, limit, q, status } = validate(c, listQuerySchema, c.req.query())
  const audience = await processAudienceOf(db, user)
  const today = todayIn(c.get('college')!.timezone)
  let query = tenantScope(db, user.college_id!)
    .selectFrom('processes')
    .selectAll()
    .where(visibleProcesses(audience))
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
  if (q) query = query.where(containsText(['processes.name'], q))
  if (status === 'upcoming') query = query.where('starts_on', '>', today)
  if (status === 'finished') query = query.where('ends_on', '<', today)
  if (status === 'running') query = query.where('starts_on', '<=', today).where('ends_on', '>=', today)
  const after = decodeCursor(cursor, { anyText: true })
  if (after) query = query.where(afterCursor(after, 'starts_on', 'id', 'desc'))
  const rows = await query.execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return c.json({
    data: await toProcessDtos(db, user.college_id!, page, audience),
    next_cursor: rows.length > limit && last ? encodeCursor(last.starts_on, last.id) : null,
  })
})

processesRoutes.get('/api/v1/processes/:id', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const audience = await processAudienceOf(db, user)
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('processes')
    .selectAll()
    .where('id', '=', idOf(c.req.param('id')))
    .where(visibleProcesses(audience))
    .executeTakeFirst()
  if (!row) throw notFound()
  const [process] = await toProcessDtos(db, user.college_id!, [row], audience)
  return c.json(process as Process, 200, { ETag: `"${row.updated_at}"` })
})

processesRoutes.post('/api/v1/processes', manages, async (c) => {
  const input = validate(c, processInputSchema, await readJson(c))
  const { created, process } = await createProcess(ctxOf(c), { ...input, id: input.id.toLowerCase() })
  return c.json(process, created ? 201 : 200, { ETag: `"${process.updated_at}"` })
})

processesRoutes.put('/api/v1/processes/:id', manages, async (c) => {
  const id = idOf(c.req.param('id'))
  const body = (await readJson(c)) as Record<string, unknown>
  const input = validate(c, processInputSchema, { ...(body && typeof body === 'object' ? body : {}), id })
  const process = await updateProcess(ctxOf(c), id, input, ifMatchOf(c.req.header('if-match')))
  return c.json(process, 200, { ETag: `"${process.updated_at}"` })
})

processesRoutes.delete('/api/v1/processes/:id', manages, async (c) => {
  await deleteProcess(ctxOf(c), idOf(c.req.param('id')), ifMatchOf(c.req.header('if-match')))
  return c.body(null, 204)
})

/** PUT with the schedule's own id: creates it, or changes it (a retried create changes nothing). */
processesRoutes.put('/api/v1/processes/:id/schedules/:scheduleId', manages, async (c) => {
  const processId = idOf(c.req.param('id'))
  const id = idOf(c.req.param('scheduleId'))
  const body = (await readJson(c)) as Record<string, unknown>
  const input = validate(c, scheduleInputSchema, { ...(body && typeof body === 'object' ? body : {}), id })
  const { created, process } = await saveSchedule(ctxOf(c), processId, input)
  return c.json(process, created ? 201 : 200, { ETag: `"${process.updated_at}"` })
})

processesRoutes.delete('/api/v1/processes/:id/schedules/:scheduleId', manages, async (c) => {
  const process = await deleteSchedule(ctxOf(c), idOf(c.req.param('id')), idOf(c.req.param('scheduleId')))
  return c.json(process, 200, { ETag: `"${process.updated_at}"` })
})
