// Rows of events become the API's CalendarEvent, with targets and author loaded in two queries.
import type { Kysely, Selectable } from 'kysely'
import type { CalendarEvent } from '#shared/events.schema.ts'
import type { Database, EventsTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import { namesOfPeople } from '../../platform/person-name.ts'
import { groupBy, targetLists } from '../../platform/targets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

// The lookups of a page of events: the same texts on every request (compiled-once.ts).
const targetsOf = compiledOnce(
  (db, collegeId: number, ids: readonly string[]) =>
    tenantScope(db, collegeId)
      .selectFrom('event_targets')
      .select(['event_id', 'grade_id', 'course_id'])
      .where(anyOf(db, 'event_id', ids)),
  [-7_311, ['\u0000event']],
)
export async function toEventDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<EventsTable>[],
): Promise<CalendarEvent[]> {
  if (rows.length === 0) return []
  const [targets, authors] = await Promise.all([
    targetsOf(
      db,
      collegeId,
      rows.map((r) => r.id),
    ),
    namesOfPeople(db, collegeId, [...new Set(rows.map((r) => r.author_id))]),
  ])
  const authorById = new Map(authors.map((a) => [a.id, `${a.name} ${a.first_lastname}`.trim()]))
  const targetsByEvent = groupBy(targets, (t) => t.event_id)
  return rows.map((row) => {
    // Named, not spread: V8 builds an object made with a spread key by key, far slower than a literal.
    const { grades, courses } = targetLists(targetsByEvent.get(row.id) ?? [])
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      location: row.location,
      all_day: row.all_day === 1,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      category_id: row.category_id,
      grades,
      courses,
      author: { id: row.author_id, name: authorById.get(row.author_id) ?? '' },
      created_at: row.created_at,
      updated_at: row.updated_at,
    }
  })
}
