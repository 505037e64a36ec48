// A course is in one practice at a time: a schedule is refused when it meets on a day and at a time
// another schedule of the same course (in any process of the college) also meets.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { type PracticeSchedule, type Process, schedulesOverlap } from '#shared/processes.schema.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

type Candidate = Pick<
  PracticeSchedule,
  'id' | 'course_id' | 'weekday' | 'on_date' | 'starts_at' | 'ends_at'
> & {
  process: Pick<Process, 'starts_on' | 'ends_on'>
}

function when(
  schedule: Pick<PracticeSchedule, 'weekday' | 'on_date' | 'starts_at' | 'ends_at'>,
  lang: string,
) {
  // 2024-01-01 was a Monday: weekday N is that date plus N-1 days.
  const day =
    schedule.on_date !== null
      ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${schedule.on_date}T12:00:00Z`),
        )
      : new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2024, 0, schedule.weekday!, 12)),
        )
  return `${day} ${schedule.starts_at}–${schedule.ends_at}`
}

/** Why the candidate cannot be saved (in `lang`), or null when it overlaps nothing. */
export async function findOverlap(
  db: Kysely<Database>,
  collegeId: number,
  candidate: Candidate,
  lang: string,
): Promise<string | null> {
  const others = await tenantScope(db, collegeId)
    .selectFrom('process_schedules')
    .innerJoin('processes', 'processes.id', 'process_schedules.process_id')
    .select([
      'process_schedules.weekday',
      'process_schedules.on_date',
      'process_schedules.starts_at',
      'process_schedules.ends_at',
      'processes.name',
      'processes.starts_on',
      'processes.ends_on',
    ])
    .where('process_schedules.course_id', '=', candidate.course_id)
    .where('process_schedules.id', '!=', candidate.id)
    .where('processes.deleted_at', 'is', null)
    // Text order is date order: only processes whose dates meet the candidate's can clash.
    .where('processes.starts_on', '<=', candidate.process.ends_on)
    .where('processes.ends_on', '>=', candidate.process.starts_on)
    .where('process_schedules.starts_at', '<', candidate.ends_at)
    .where('process_schedules.ends_at', '>', candidate.starts_at)
    .execute()
  const clash = others.find((other) => schedulesOverlap(candidate, candidate.process, other, other))
  return clash
    ? translate(messages.scheduleOverlap, lang, { when: when(clash, lang), process: clash.name })
    : null
}
