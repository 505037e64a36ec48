// Rows of processes become the API's Process, with courses and schedules loaded in two queries.
import type { Kysely, Selectable } from 'kysely'
import type { Process } from '#shared/processes.schema.ts'
import type { Database, ProcessesTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import type { Audience } from '../../platform/audience.ts'
import { groupBy } from '../../platform/targets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

/** A family's copy holds the schedules of its own courses only: other courses' places are not theirs. */
export async function toProcessDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<ProcessesTable>[],
  audience: Pick<Audience, 'all' | 'courseIds'>,
): Promise<Process[]> {
  if (rows.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const ids = rows.map((r) => r.id)
  let schedulesQuery = scope
    .selectFrom('process_schedules')
    .select([
      'id',
      'process_id',
      'course_id',
      'weekday',
      'on_date',
      'starts_at',
      'ends_at',
      'place',
      'supervisor',
      'notes',
    ])
    .where(anyOf(db, 'process_id', ids))
  if (!audience.all) schedulesQuery = schedulesQuery.where('course_id', 'in', [0, ...audience.courseIds])
  const [courses, schedules] = await Promise.all([
    scope
      .selectFrom('process_courses')
      .select(['process_id', 'course_id'])
      .where(anyOf(db, 'process_id', ids))
      .execute(),
    schedulesQuery.orderBy('on_date').orderBy('weekday').orderBy('starts_at').execute(),
  ])
  const coursesOf = groupBy(courses, (c) => c.process_id)
  const schedulesOf = groupBy(schedules, (s) => s.process_id)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    course_ids: (coursesOf.get(row.id) ?? []).map((c) => c.course_id).sort((a, b) => a - b),
    schedules: (schedulesOf.get(row.id) ?? []).map(({ process_id: _p, ...s }) => s),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }))
}
