// Processes read only from the mirror (so the list and the detail open offline): the processes with
// the names of their courses, in the order a person looks for them, and the next day each meets.
import type { Course, Grade } from '#shared/posts.schema.ts'
import {
  type PracticeSession,
  type Process,
  type ProcessStatus,
  processStatus,
  sessionsOf,
} from '#shared/processes.schema.ts'
import type { LocalDb } from '../../platform/sync/local-db.ts'

export type ProcessesView = {
  processes: Process[]
  courses: Map<number, Course>
  grades: Grade[]
}

export async function processesView(db: LocalDb): Promise<ProcessesView> {
  const [processes, courses, grades] = await Promise.all([
    db.processes.toArray(),
    db.courses.toArray(),
    db.grades.orderBy('position').toArray(),
  ])
  return { processes, courses: new Map(courses.map((c) => [c.id, c])), grades }
}

const STATUS_ORDER: ProcessStatus[] = ['running', 'upcoming', 'finished']

/**
 * Running first (the one ending soonest on top), then upcoming (the soonest to start), then finished
 * (the latest to end).
 */
export function sortProcesses(processes: Process[], today: string): Process[] {
  const key = (p: Process) => {
    const status = processStatus(p, today)
    return { rank: STATUS_ORDER.indexOf(status), status }
  }
  return [...processes].sort((a, b) => {
    const ka = key(a)
    const kb = key(b)
    if (ka.rank !== kb.rank) return ka.rank - kb.rank
    const byDate =
      ka.status === 'running'
        ? a.ends_on.localeCompare(b.ends_on)
        : ka.status === 'upcoming'
          ? a.starts_on.localeCompare(b.starts_on)
          : b.ends_on.localeCompare(a.ends_on)
    return byDate || a.name.localeCompare(b.name)
  })
}

/** The courses of a process in the college's order: by grade, then by name. */
export function coursesOf(process: Pick<Process, 'course_ids'>, view: ProcessesView): Course[] {
  const position = new Map(view.grades.map((g) => [g.id, g.position]))
  return process.course_ids
    .map((id) => view.courses.get(id))
    .filter((c): c is Course => c !== undefined)
    .sort(
      (a, b) =>
        (position.get(a.grade_id) ?? 0) - (position.get(b.grade_id) ?? 0) || a.name.localeCompare(b.name),
    )
}

/** The first practice from `today` on (today included) among these schedules, if any is left. */
export function nextSession(
  process: Process,
  schedules: Process['schedules'],
  today: string,
): PracticeSession | undefined {
  let next: PracticeSession | undefined
  for (const schedule of schedules) {
    const [first] = sessionsOf(process, schedule, today, process.ends_on).slice(0, 1)
    if (
      first &&
      (!next ||
        first.date < next.date ||
        (first.date === next.date && first.schedule.starts_at < next.schedule.starts_at))
    )
      next = first
  }
  return next
}
