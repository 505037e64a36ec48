// The statistics dashboard for a whole year of the bench college, as the admin opens it: one request
// at a time (nobody loads it in parallel), the median of several, beside the bare server sending the
// same bytes.
import { addDays, todayIn } from '#shared/time-zones.ts'
import { median } from './api.ts'
import type { Server } from './processes.ts'
import { fmt, type Row } from './table.ts'

/** The answer time the dashboard must stay under for a large college and a year. */
const TARGET_MS = 300

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now()
  const res = await fetch(url, { headers })
  const bytes = (await res.arrayBuffer()).byteLength
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return { ms: performance.now() - started, bytes }
}

export async function statisticsRows(
  prefix: string,
  app: Server,
  bare: Server,
  token: string,
  runs: number,
  log: (line: string) => void,
): Promise<Row[]> {
  const today = todayIn('America/Santiago')
  const path = `/api/v1/statistics?from=${addDays(today, -364)}&to=${today}`
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' }
  const first = await timed(`${app.origin}${path}`, headers)
  const appMs: number[] = []
  const bareMs: number[] = []
  for (let i = 0; i < runs; i++) {
    appMs.push((await timed(`${app.origin}${path}`, headers)).ms)
    bareMs.push((await timed(`${bare.origin}/bytes/${first.bytes}`, {})).ms)
  }
  const ms = median(appMs)
  const base = median(bareMs)
  log(
    `  statistics for a year: first ${fmt.ms(first.ms)}, median of ${runs} ${fmt.ms(ms)} (${fmt.kb(first.bytes)})`,
  )
  return [
    {
      measure: `${prefix}GET /api/v1/statistics for a year (admin), answer time`,
      value: fmt.ms(ms),
      baseline: `${fmt.ms(base)} same bytes`,
      ratio: fmt.ratio(ms / base),
      target: `< ${TARGET_MS} ms`,
      met: ms < TARGET_MS,
    },
  ]
}
