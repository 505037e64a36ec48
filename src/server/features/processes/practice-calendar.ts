// Practice sessions in each person's calendar subscription: every day a schedule of theirs meets,
// as a timed entry in the college's time zone.
import { sessionsOf } from '#shared/processes.schema.ts'
import { zonedToUtc } from '#shared/time-zones.ts'
import type { CalendarSource } from '../../platform/calendar-sources.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { processAudienceOf, visibleProcesses } from './process-audience.ts'
import { toProcessDtos } from './process-dto.ts'

export const practiceCalendar: CalendarSource = {
  async latestVersion(db, collegeId) {
    const row = await tenantScope(db, collegeId)
      .selectFrom('processes')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst()
    return Number(row?.v ?? 0)
  },
  async sessions(db, user, college, days) {
    const audience = await processAudienceOf(db, user)
    const rows = await tenantScope(db, college.id)
      .selectFrom('processes')
      .selectAll()
      .where(visibleProcesses(audience))
      .where('ends_on', '>=', days.from)
      .where('starts_on', '<=', days.to)
      .execute()
    const processes = await toProcessDtos(db, college.id, rows, audience)
    return processes.flatMap((process) =>
      process.schedules.flatMap((schedule) =>
        sessionsOf(process, schedule, days.from, days.to).map(({ date }) => ({
          uid: `practice-${schedule.id}-${date}`,
          name: process.name,
          description: [schedule.supervisor, schedule.notes].filter(Boolean).join('\n'),
          location: schedule.place,
          starts_at: zonedToUtc(`${date}T${schedule.starts_at}`, college.timezone),
          ends_at: zonedToUtc(`${date}T${schedule.ends_at}`, college.timezone),
          created_at: process.created_at,
          updated_at: process.updated_at,
          path: `/processes/processes/${process.id}`,
        })),
      ),
    )
  },
}
