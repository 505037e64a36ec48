// The demo calendar: a month of events from the day the demo is seeded, in the college's time zone.
import type { Kysely } from 'kysely'
import { addDays, todayIn, zonedToUtc } from '#shared/time-zones.ts'
import { takeVersion } from '../platform/sync-versions.ts'
import type { DemoCollege } from './demo-data.ts'
import type { Database } from './schema.ts'

export async function seedDemoEvents(
  trx: Kysely<Database>,
  collegeId: number,
  demo: DemoCollege,
  ids: { users: Map<string, number>; grades: Map<string, number>; courses: Map<string, number> },
  now: string,
): Promise<void> {
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const categoryIds = new Map<string, number>()
  for (const category of demo.eventCategories) {
    const row = await trx
      .insertInto('event_categories')
      .values({
        college_id: collegeId,
        ...category,
        version: await takeVersion(trx, collegeId),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    categoryIds.set(category.name, row.id)
  }
  const today = todayIn(timezone, new Date(now))
  for (const [i, event] of demo.events.entries()) {
    const id = `00000000-0000-7000-a000-${String(collegeId).padStart(4, '0')}${String(i).padStart(8, '0')}`
    const day = addDays(today, event.day)
    const timed = event.at && event.until
    await trx
      .insertInto('events')
      .values({
        id,
        college_id: collegeId,
        author_id: ids.users.get(event.author)!,
        category_id: categoryIds.get(event.category) ?? null,
        name: event.name,
        description: event.description ?? '',
        location: event.location ?? '',
        all_day: timed ? 0 : 1,
        starts_at: timed ? zonedToUtc(`${day}T${event.at}`, timezone) : day,
        ends_at: timed ? zonedToUtc(`${day}T${event.until}`, timezone) : addDays(day, (event.days ?? 1) - 1),
        sequence: 0,
        version: await takeVersion(trx, collegeId),
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const courseId = event.course ? ids.courses.get(event.course)! : null
    const target = courseId
      ? {
          grade_id: (
            await trx
              .selectFrom('courses')
              .select('grade_id')
              .where('id', '=', courseId)
              .executeTakeFirstOrThrow()
          ).grade_id,
          course_id: courseId,
        }
      : { grade_id: event.grade ? ids.grades.get(event.grade)! : null, course_id: null }
    await trx
      .insertInto('event_targets')
      .values({ college_id: collegeId, event_id: id, ...target })
      .execute()
  }
}
