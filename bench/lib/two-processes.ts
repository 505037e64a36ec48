// The same endpoints from one process and from two on the same port (WEB_CONCURRENCY=2), on the same
// database, one after the other: what the second core adds. On two cores only a light load generator
// can show it (wrk: 1.8–2.0x for `/api/v1/user`); autocannon's own share of the CPU decided the
// outcome (0.8–1.3x from run to run).

import { type LoadSettings, load } from './api.ts'
import type { Server } from './processes.ts'
import { fmt, type Row } from './table.ts'
import { loadGenerator } from './wrk.ts'

const TARGET = 1.7

export async function twoProcessRows(
  single: Server,
  pair: Server,
  /** `judged: false` for an answer too cheap to show it: the load generator's share of the cores decides. */
  endpoints: { label: string; path: string; token: string; judged?: boolean }[],
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = []
  const generator = loadGenerator()
  for (const endpoint of endpoints) {
    const headers = { authorization: `Bearer ${endpoint.token}`, accept: 'application/json' }
    const one = await load(single, endpoint.path, headers, settings)
    const two = await load(pair, endpoint.path, headers, settings)
    log(
      `  ${endpoint.label} (${generator}): one process ${fmt.int(one.rps)} req/s (p99 ${one.p99} ms), ` +
        `two ${fmt.int(two.rps)} req/s (p99 ${two.p99} ms)` +
        (two.non2xx || two.errors ? `, ${two.non2xx} non-2xx, ${two.errors} errors` : ''),
    )
    const judged = endpoint.judged ?? true
    rows.push({
      measure: `two processes (WEB_CONCURRENCY=2): ${endpoint.label} req/s (${generator})`,
      value: fmt.int(two.rps),
      baseline: `${fmt.int(one.rps)} one process`,
      ratio: fmt.ratio(two.rps / one.rps),
      target: judged ? `>= ${TARGET}x one process` : undefined,
      met: judged ? two.rps / one.rps >= TARGET && two.non2xx === 0 : undefined,
    })
  }
  return rows
}
