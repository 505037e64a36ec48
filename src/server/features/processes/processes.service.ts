// Writing processes and their practice schedules. Every change takes the process's change number, so
// the mirrors of its courses' families receive it with its schedules; courses that leave a process
// are recorded as exits, so those families' mirrors drop it.
import type { Kysely, Selectable } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Process, ProcessOutput, ScheduleOutput } from '#shared/processes.schema.ts'
import type { Database, ProcessesTable } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AuthUser } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { recordExits, takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'
import { toProcessDtos } from './process-dto.ts'
import { findOverlap } from './schedule-overlaps.ts'

type Ctx = { db: Kysely<Database>; user: AuthUser; ip: string; lang: string }

const seesAll = { all: true, courseIds: [] }

export async function loadProcess(db: Kysely<Database>, collegeId: number, id: string): Promise<Process> {
  const row = await tenantScope(db, collegeId)
    .selectFrom('processes')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
  return (await toProcessDtos(db, collegeId, [row], seesAll))[0]!
}

async function storedProcess(db: Kysely<Database>, collegeId: number, id: string) {
  const row = await tenantScope(db, collegeId)
    .selectFrom('processes')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) throw notFound()
  return row
}

async function conflict(db: Kysely<Database>, collegeId: number, id: string): Promise<never> {
  const current = await loadProcess(db, collegeId, id).catch(() => null)
  throw new ApiError(409, messages.editConflict, { extra: { current } })
}

async function checkCourses(db: Kysely<Database>, collegeId: number, courseIds: number[]) {
  const found = await tenantScope(db, collegeId)
    .selectFrom('courses')
    .select('id')
    .where('id', 'in', courseIds)
    .execute()
  if (found.length !== courseIds.length) throw validationError({ course_ids: [messages.courseUnknown] })
}

/** Takes a change number for the process and moves its `updated_at`, unless it changed since `base`. */
async function touch(
  trx: Kysely<Database>,
  row: Selectable<ProcessesTable>,
  set: Partial<ProcessesTable> = {},
) {
  const version = await takeVersion(trx, row.college_id)
  const updated = await tenantScope(trx, row.college_id)
    .updateTable('processes')
    .set({ ...set, version, updated_at: nextStamp(row.updated_at) })
    .where('id', '=', row.id)
    .where('updated_at', '=', row.updated_at)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
  return version
}

export async function createProcess(ctx: Ctx, input: ProcessOutput) {
  const collegeId = ctx.user.college_id!
  const existing = await ctx.db
    .selectFrom('processes')
    .select(['college_id', 'deleted_at'])
    .where('id', '=', input.id)
    .executeTakeFirst()
  // A retried create answers what the first one stored.
  if (existing) {
    if (existing.college_id !== collegeId) throw new ApiError(409, messages.idTaken)
    return { created: false, process: await loadProcess(ctx.db, collegeId, input.id) }
  }
  await checkCourses(ctx.db, collegeId, input.course_ids)
  const now = nowIso()
  await ctx.db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, collegeId)
    await scope
      .insertInto('processes', {
        id: input.id,
        author_id: ctx.user.id,
        name: input.name,
        description: input.description,
        starts_on: input.starts_on,
        ends_on: input.ends_on,
        version: await takeVersion(trx, collegeId),
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await scope
      .insertInto(
        'process_courses',
        input.course_ids.map((course_id) => ({ process_id: input.id, course_id })),
      )
      .execute()
    await audit(trx, {
      collegeId,
      actorId: ctx.user.id,
      action: 'process.created',
      subjectType: 'process',
      subjectId: input.id,
      ip: ctx.ip,
    })
  })
  return { created: true, process: await loadProcess(ctx.db, collegeId, input.id) }
}

/**
 * `base`: the `updated_at` the editor started from. A course taken out takes its schedules with it
 * (the form says so before saving); new dates must still hold every dated practice and overlap none.
 */
export async function updateProcess(ctx: Ctx, id: string, input: ProcessOutput, base?: string) {
  const collegeId = ctx.user.college_id!
  const row = await storedProcess(ctx.db, collegeId, id)
  if (base !== undefined && base !== row.updated_at) return conflict(ctx.db, collegeId, id)
  await checkCourses(ctx.db, collegeId, input.course_ids)
  const written = await writeUnlessChanged(ctx.db, async (trx) => {
    const scope = tenantScope(trx, collegeId)
    const before = (
      await scope.selectFrom('process_courses').select('course_id').where('process_id', '=', id).execute()
    ).map((r) => r.course_id)
    const removed = before.filter((c) => !input.course_ids.includes(c))
    const version = await touch(trx, row, {
      name: input.name,
      description: input.description,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
    })
    if (removed.length) {
      await recordExits(trx, collegeId, {
        collection: 'processes',
        rowId: id,
        version,
        published: true,
        targets: removed.map((course_id) => ({ grade_id: null, course_id })),
      })
      await scope
        .deleteFrom('process_schedules')
        .where('process_id', '=', id)
        .where('course_id', 'in', removed)
        .execute()
      await scope
        .deleteFrom('process_courses')
        .where('process_id', '=', id)
        .where('course_id', 'in', removed)
        .execute()
    }
    const added = input.course_ids.filter((c) => !before.includes(c))
    if (added.length)
      await scope
        .insertInto(
          'process_courses',
          added.map((course_id) => ({ process_id: id, course_id })),
        )
        .execute()
    const kept = await scope
      .selectFrom('process_schedules')
      .selectAll()
      .where('process_id', '=', id)
      .execute()
    if (kept.some((s) => s.on_date !== null && (s.on_date < input.starts_on || s.on_date > input.ends_on)))
      throw validationError({ ends_on: [messages.processDatesLeaveSchedules] })
    for (const schedule of kept) {
      const clash = await findOverlap(trx, collegeId, { ...schedule, process: input }, ctx.lang)
      if (clash) throw validationError({ ends_on: [clash] })
    }
    await audit(trx, {
      collegeId,
      actorId: ctx.user.id,
      action: 'process.updated',
      subjectType: 'process',
      subjectId: id,
      ip: ctx.ip,
    })
  })
  if (!written) return conflict(ctx.db, collegeId, id)
  return loadProcess(ctx.db, collegeId, id)
}

export async function deleteProcess(ctx: Ctx, id: string, base?: string) {
  const collegeId = ctx.user.college_id!
  const row = await storedProcess(ctx.db, collegeId, id)
  if (base !== undefined && base !== row.updated_at) return conflict(ctx.db, collegeId, id)
  const deleted = await writeUnlessChanged(ctx.db, async (trx) => {
    const scope = tenantScope(trx, collegeId)
    const courses = await scope
      .selectFrom('process_courses')
      .select('course_id')
      .where('process_id', '=', id)
      .execute()
    const version = await touch(trx, row, { deleted_at: nowIso() })
    await recordExits(trx, collegeId, {
      collection: 'processes',
      rowId: id,
      version,
      published: true,
      targets: courses.map((c) => ({ grade_id: null, course_id: c.course_id })),
    })
    await audit(trx, {
      collegeId,
      actorId: ctx.user.id,
      action: 'process.deleted',
      subjectType: 'process',
      subjectId: id,
      ip: ctx.ip,
    })
  })
  if (!deleted) return conflict(ctx.db, collegeId, id)
}

/** Adds the schedule, or changes it when its id exists in this process (a retry changes nothing). */
export async function saveSchedule(ctx: Ctx, processId: string, input: ScheduleOutput) {
  const collegeId = ctx.user.college_id!
  const row = await storedProcess(ctx.db, collegeId, processId)
  const scope = tenantScope(ctx.db, collegeId)
  const existing = await ctx.db
    .selectFrom('process_schedules')
    .select(['college_id', 'process_id'])
    .where('id', '=', input.id)
    .executeTakeFirst()
  if (existing && (existing.college_id !== collegeId || existing.process_id !== processId))
    throw new ApiError(409, messages.idTaken)
  const inProcess = await scope
    .selectFrom('process_courses')
    .select('id')
    .where('process_id', '=', processId)
    .where('course_id', '=', input.course_id)
    .executeTakeFirst()
  if (!inProcess) throw validationError({ course_id: [messages.scheduleCourseNotInProcess] })
  if (input.on_date !== null && (input.on_date < row.starts_on || input.on_date > row.ends_on))
    throw validationError({
      on_date: [translate(messages.scheduleDateOutside, ctx.lang, { from: row.starts_on, to: row.ends_on })],
    })
  const written = await writeUnlessChanged(ctx.db, async (trx) => {
    // The change number is taken first: it orders writers of the college, so two racing schedules
    // cannot both pass the overlap check.
    await touch(trx, row)
    const clash = await findOverlap(trx, collegeId, { ...input, process: row }, ctx.lang)
    if (clash) throw validationError({ starts_at: [clash] })
    const now = nowIso()
    const fields = {
      course_id: input.course_id,
      weekday: input.weekday,
      on_date: input.on_date,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      place: input.place,
      supervisor: input.supervisor,
      notes: input.notes,
      updated_at: now,
    }
    const t = tenantScope(trx, collegeId)
    if (existing) await t.updateTable('process_schedules').set(fields).where('id', '=', input.id).execute()
    else
      await t
        .insertInto('process_schedules', { id: input.id, process_id: processId, created_at: now, ...fields })
        .execute()
    await audit(trx, {
      collegeId,
      actorId: ctx.user.id,
      action: existing ? 'process.schedule_updated' : 'process.schedule_created',
      subjectType: 'process',
      subjectId: processId,
      ip: ctx.ip,
    })
  })
  // Someone else changed the process meanwhile: this schedule was not written; saving again will.
  if (!written) return conflict(ctx.db, collegeId, processId)
  return { created: !existing, process: await loadProcess(ctx.db, collegeId, processId) }
}

export async function deleteSchedule(ctx: Ctx, processId: string, scheduleId: string) {
  const collegeId = ctx.user.college_id!
  const row = await storedProcess(ctx.db, collegeId, processId)
  const found = await tenantScope(ctx.db, collegeId)
    .selectFrom('process_schedules')
    .select('id')
    .where('id', '=', scheduleId)
    .where('process_id', '=', processId)
    .executeTakeFirst()
  if (!found) return loadProcess(ctx.db, collegeId, processId)
  const written = await writeUnlessChanged(ctx.db, async (trx) => {
    await touch(trx, row)
    await tenantScope(trx, collegeId).deleteFrom('process_schedules').where('id', '=', scheduleId).execute()
    await audit(trx, {
      collegeId,
      actorId: ctx.user.id,
      action: 'process.schedule_deleted',
      subjectType: 'process',
      subjectId: processId,
      ip: ctx.ip,
    })
  })
  if (!written) return conflict(ctx.db, collegeId, processId)
  return loadProcess(ctx.db, collegeId, processId)
}
