// The demo college's processes: a swimming workshop running now for 1° Básico A and 2° Básico A, each
// course with its weekly practice at the pool and one dated session, and next year's reading camp.
import type { Kysely } from 'kysely'
import { weekdayOf } from '#shared/processes.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { takeVersion } from '../platform/sync-versions.ts'
import type { Database } from './schema.ts'

export async function seedDemoProcesses(
  trx: Kysely<Database>,
  collegeId: number,
  ids: { users: Map<string, number>; courses: Map<string, number> },
  now: string,
): Promise<void> {
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const today = todayIn(timezone)
  const author = ids.users.get('admin@demo.test')!
  const tag = String(collegeId).padStart(4, '0')
  const process = async (n: number, name: string, description: string, from: number, to: number) => {
    const id = `00000000-0000-7000-a000-${tag}${String(n).padStart(8, '0')}`
    await trx
      .insertInto('processes')
      .values({
        id,
        college_id: collegeId,
        author_id: author,
        name,
        description,
        starts_on: addDays(today, from),
        ends_on: addDays(today, to),
        version: await takeVersion(trx, collegeId),
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    return id
  }
  const swimming = await process(
    1,
    'Taller de natación',
    'Clases en la piscina municipal. Traer traje de baño, gorro, toalla y chalas.',
    -30,
    60,
  )
  const reading = await process(
    2,
    'Campamento de lectura',
    'Tres mañanas de lectura en la biblioteca con cuentacuentos invitados.',
    90,
    97,
  )
  const courseA = ids.courses.get('1° Básico A')!
  const courseB = ids.courses.get('2° Básico A')!
  await trx
    .insertInto('process_courses')
    .values([
      { college_id: collegeId, process_id: swimming, course_id: courseA },
      { college_id: collegeId, process_id: swimming, course_id: courseB },
      { college_id: collegeId, process_id: reading, course_id: courseA },
    ])
    .execute()
  const schedule = (
    n: number,
    processId: string,
    courseId: number,
    when: { weekday: number } | { on_date: string },
    times: [string, string],
    place: string,
    supervisor: string,
    notes = '',
  ) => ({
    id: `00000000-0000-7000-b000-${tag}${String(n).padStart(8, '0')}`,
    college_id: collegeId,
    process_id: processId,
    course_id: courseId,
    weekday: 'weekday' in when ? when.weekday : null,
    on_date: 'on_date' in when ? when.on_date : null,
    starts_at: times[0],
    ends_at: times[1],
    place,
    supervisor,
    notes,
    created_at: now,
    updated_at: now,
  })
  const pool = 'Piscina Municipal, Av. Grecia 3401'
  await trx
    .insertInto('process_schedules')
    .values([
      schedule(1, swimming, courseA, { weekday: 2 }, ['10:00', '11:30'], pool, 'Carolina Rojas'),
      schedule(2, swimming, courseB, { weekday: 4 }, ['10:00', '11:30'], pool, 'Carolina Rojas'),
      schedule(
        3,
        swimming,
        courseA,
        // Never on a Tuesday, when the course's weekly practice already meets.
        { on_date: addDays(today, weekdayOf(addDays(today, 45)) === 2 ? 46 : 45) },
        ['09:00', '12:00'],
        pool,
        'Carolina Rojas',
        'Muestra final para las familias.',
      ),
      schedule(4, reading, courseA, { weekday: 3 }, ['08:30', '12:30'], 'Biblioteca', 'Javiera Muñoz'),
    ])
    .execute()
}
