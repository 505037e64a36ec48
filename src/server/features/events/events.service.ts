// Writing events: as posts are written (client ids, replays answered once, If-Match conflicts), and
// each change bumps the iCalendar SEQUENCE so subscribed calendars replace their copy.
import type { Kysely } from 'kysely'
import type { CalendarEvent, EventOutput } from '#shared/events.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AuthUser } from '../../platform/context.ts'
import { createAtOnce, createsAtOnce } from '../../platform/create-at-once.ts'
import { createOnce, insertedNothing, storedReplay } from '../../platform/create-once.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { PENDING_VERSION, recordExits, stampVersion, takeVersion } from '../../platform/sync-versions.ts'
import { resolveTargets, sameTargets, type TargetRow } from '../../platform/targets.ts'
import { type TenantScope, tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'
import { toEventDtos } from './event-dto.ts'

async function checkCategory(scope: TenantScope, categoryId: number | null) {
  if (categoryId === null) return
  const found = await scope
    .selectFrom('event_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst()
  if (!found) throw validationError({ category_id: [messages.categoryUnknown] })
}

async function writeTargets(trx: Kysely<Database>, collegeId: number, eventId: string, targets: TargetRow[]) {
  const scope = tenantScope(trx, collegeId)
  await scope.deleteFrom('event_targets').where('event_id', '=', eventId).execute()
  await scope
    .insertInto(
      'event_targets',
      targets.map((t) => ({ event_id: eventId, ...t })),
    )
    .execute()
}

function currentTargets(trx: Kysely<Database>, collegeId: number, eventId: string): Promise<TargetRow[]> {
  return tenantScope(trx, collegeId)
    .selectFrom('event_targets')
    .select(['grade_id', 'course_id'])
    .where('event_id', '=', eventId)
    .execute()
}

export async function loadEvent(
  db: Kysely<Database>,
  collegeId: number,
  id: string,
): Promise<CalendarEvent | undefined> {
  const row = await tenantScope(db, collegeId)
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) return undefined
  return (await toEventDtos(db, collegeId, [row]))[0]
}

/** A create whose id is already stored: the stored event (a replay), or why it cannot be. */
async function answerReplay(db: Kysely<Database>, user: AuthUser, id: string) {
  const collegeId = await storedReplay(db, 'events', user, id)
  return collegeId === undefined ? undefined : { created: false, event: await loadEvent(db, collegeId, id) }
}

/**
 * Creates an event with the client's id. The same id again answers the stored event. Its change number
 * is taken last, as a post's: the college's counter stays locked for one statement and the commit.
 */
export async function createEvent(db: Kysely<Database>, user: AuthUser, input: EventOutput, ip: string) {
  const collegeId = user.college_id!
  const scope = tenantScope(db, collegeId)
  const outcome = await createOnce({
    check: async () => {
      await checkCategory(scope, input.category_id)
      return resolveTargets(scope, input)
    },
    write: (targets) => insertEvent(db, user, input, ip, targets),
    replay: () => answerReplay(db, user, input.id),
  })
  if ('replay' in outcome) return outcome.replay
  return { created: true, event: await loadEvent(db, collegeId, input.id) }
}

/** What an event's form sets, as stored: the same on a create and an edit. */
function eventFields(input: EventOutput) {
  return {
    category_id: input.category_id,
    name: input.name,
    description: input.description,
    location: input.location,
    all_day: input.all_day ? 1 : 0,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
  }
}

/** The event, its targets and its audit row, or `undefined` (nothing written) when its id is taken. */
async function insertEvent(
  db: Kysely<Database>,
  user: AuthUser,
  input: EventOutput,
  ip: string,
  targets: TargetRow[],
): Promise<true | undefined> {
  const collegeId = user.college_id!
  const now = nowIso()
  const values = {
    id: input.id,
    author_id: user.id,
    ...eventFields(input),
    sequence: 0,
    version: PENDING_VERSION,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  }
  const entry = {
    collegeId,
    actorId: user.id,
    action: 'event.created',
    subjectType: 'event',
    subjectId: input.id,
    ip,
  }
  if (createsAtOnce(db)) {
    // One round trip instead of five, as a post's (create-at-once.ts).
    const created = await createAtOnce(db, {
      table: 'events',
      row: { ...values, college_id: collegeId },
      targets: { table: 'event_targets', column: 'event_id', rows: targets },
      entry,
    })
    return created || undefined
  }
  const stored = await db.transaction().execute(async (trx) => {
    const inserted = await tenantScope(trx, collegeId)
      .insertInto('events', values)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst()
    // The id is taken (a replay, or the same request twice at once): nothing else is written.
    if (insertedNothing(inserted)) return false
    await writeTargets(trx, collegeId, input.id, targets)
    await audit(trx, entry)
    await stampVersion(trx, collegeId, 'events')
    return true
  })
  return stored || undefined
}

async function storedEvent(db: Kysely<Database>, user: AuthUser, id: string) {
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

async function conflict(db: Kysely<Database>, collegeId: number, id: string): Promise<never> {
  throw new ApiError(409, messages.editConflict, {
    extra: { current: (await loadEvent(db, collegeId, id)) ?? null },
  })
}

/** `base`: the `updated_at` the editor started from (If-Match); changed since, the answer is a 409. */
export async function updateEvent(
  db: Kysely<Database>,
  user: AuthUser,
  id: string,
  input: EventOutput,
  ip: string,
  base?: string,
) {
  const collegeId = user.college_id!
  const scope = tenantScope(db, collegeId)
  const row = await storedEvent(db, user, id)
  if (row.deleted_at) throw notFound()
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  await checkCategory(scope, input.category_id)
  const targets = await resolveTargets(scope, input)
  const written = await writeUnlessChanged(db, async (trx) => {
    const version = await takeVersion(trx, collegeId)
    const before = await currentTargets(trx, collegeId, id)
    if (!sameTargets(before, targets)) {
      await recordExits(trx, collegeId, {
        collection: 'events',
        rowId: id,
        version,
        published: true,
        targets: before,
      })
    }
    const updated = await tenantScope(trx, collegeId)
      .updateTable('events')
      .set({
        ...eventFields(input),
        sequence: row.sequence + 1,
        version,
        updated_at: nextStamp(row.updated_at),
      })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await writeTargets(trx, collegeId, id, targets)
    await audit(trx, {
      collegeId,
      actorId: user.id,
      action: 'event.updated',
      subjectType: 'event',
      subjectId: id,
      ip,
    })
  })
  if (!written) return conflict(db, collegeId, id)
  return loadEvent(db, collegeId, id)
}

/** Soft delete: calendars are told it was cancelled, and a late replay of its creation finds it gone. */
export async function deleteEvent(
  db: Kysely<Database>,
  user: AuthUser,
  id: string,
  ip: string,
  base?: string,
) {
  const collegeId = user.college_id!
  const row = await storedEvent(db, user, id)
  if (row.deleted_at) return
  if (base !== undefined && base !== row.updated_at) return conflict(db, collegeId, id)
  const deleted = await writeUnlessChanged(db, async (trx) => {
    const version = await takeVersion(trx, collegeId)
    await recordExits(trx, collegeId, {
      collection: 'events',
      rowId: id,
      version,
      published: true,
      targets: await currentTargets(trx, collegeId, id),
    })
    const result = await tenantScope(trx, collegeId)
      .updateTable('events')
      .set({
        deleted_at: nowIso(),
        sequence: row.sequence + 1,
        updated_at: nextStamp(row.updated_at),
        version,
      })
      .where('id', '=', id)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await audit(trx, {
      collegeId,
      actorId: user.id,
      action: 'event.deleted',
      subjectType: 'event',
      subjectId: id,
      ip,
    })
  })
  if (!deleted) return conflict(db, collegeId, id)
}
