// Writers creating posts at once (each a new id, as the outbox sends them): how many writes a college
// takes per second while every write keeps its gap-free change number.
import autocannon from 'autocannon'
import { v7 as uuidv7 } from 'uuid'
import { type Server, settle } from './processes.ts'
import { fmt, type Row } from './table.ts'

export type WriteFigures = { wps: number; p50: number; p99: number; failed: number }

type Course = { grade: number; course: number }

export async function createPosts(
  server: Server,
  token: string,
  { grade, course }: Course,
  settings: { connections: number; durationS: number; warmupS: number },
): Promise<WriteFigures> {
  const options = {
    url: `${server.origin}/api/v1/posts`,
    method: 'POST' as const,
    connections: settings.connections,
    timeout: 30,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          body: JSON.stringify({
            id: uuidv7(),
            title: 'Reunión de apoderados',
            content: '<p>Nos vemos el jueves a las 19:00.</p>',
            grades: [grade],
            courses: [course],
          }),
        }),
      },
    ],
  }
  if (settings.warmupS > 0) {
    await autocannon({ ...options, duration: settings.warmupS })
    await settle(server)
  }
  const result = await autocannon({ ...options, duration: settings.durationS })
  await settle(server)
  return {
    wps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  }
}

const TARGET_WPS = 500
const TARGET_P99_MS = 100

/**
 * Twenty writers creating posts at once against one writer alone (the baseline: what the same server
 * does with no one to wait for), with their p99. Posts go to one course.
 */
/** A course of the college and its grade, as the post form lists them. */
async function someCourse(server: Server, token: string): Promise<Course> {
  const res = await fetch(`${server.origin}/api/v1/grades`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { courses?: { id: number; grade_id: number }[] }
  const last = body.courses?.at(-1)
  if (!last) throw new Error(`no course to write posts for (GET /api/v1/grades answered ${res.status})`)
  return { grade: last.grade_id, course: last.id }
}

export async function postWriteRows(
  prefix: string,
  server: Server,
  token: string,
  settings: { durationS: number; warmupS: number },
  log: (line: string) => void,
): Promise<Row[]> {
  const course = await someCourse(server, token)
  const alone = await createPosts(server, token, course, { ...settings, connections: 1 })
  const many = await createPosts(server, token, course, { ...settings, connections: 20 })
  log(
    `  posts created: one writer ${fmt.int(alone.wps)}/s (p99 ${alone.p99} ms), ` +
      `20 writers ${fmt.int(many.wps)}/s (p99 ${many.p99} ms), ${many.failed} failed`,
  )
  return [
    {
      measure: `${prefix}POST /api/v1/posts, 20 writers at once, writes/s`,
      value: fmt.int(many.wps),
      baseline: `${fmt.int(alone.wps)} one writer`,
      ratio: fmt.ratio(many.wps / alone.wps),
      target: `>= ${TARGET_WPS}/s`,
      met: many.wps >= TARGET_WPS && many.failed === 0,
    },
    {
      measure: `${prefix}POST /api/v1/posts, 20 writers at once, p50 / p99 latency`,
      value: `${many.p50} / ${many.p99} ms`,
      baseline: `${alone.p50} / ${alone.p99} ms one writer`,
      target: `p99 < ${TARGET_P99_MS} ms`,
      met: many.p99 < TARGET_P99_MS,
    },
  ]
}
