// Items 1, 2 and 5 of the issue: API throughput and latency against the bare server, and the full
// initial sync over HTTP, page by page as the client pulls it.
import autocannon from 'autocannon'
import type { SyncResponse } from '#shared/sync.ts'
import { measuredLoad, type Server } from './processes.ts'
import { fmt, type Row } from './table.ts'
import { loadGenerator, wrkLoad } from './wrk.ts'

/**
 * Autocannon runs whole seconds: a duration of 1.5 takes 2. `jitWarmupS`, where given, is the warm-up
 * of the app and the reference in `compareEndpoint` (the bare server takes `warmupS`): under load, V8
 * finishes optimising the functions a request runs once only after seconds (README, Performance).
 */
export type LoadSettings = { durationS: number; warmupS: number; connections: number; jitWarmupS?: number }

export type LoadFigures = {
  rps: number
  p50: number
  p99: number
  rssMb: number
  /** The server's CPU time per answered request, in microseconds (undefined without /proc). */
  cpuUs: number | undefined
  non2xx: number
  errors: number
}

export async function signIn(server: Server, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/login-mobile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password, device_name: 'bench' }),
  })
  const body = (await res.json()) as { token?: string; message?: string }
  if (!res.ok || !body.token) throw new Error(`sign-in of ${email} answered ${res.status}: ${body.message}`)
  return body.token
}

/** One warmed-up load run of one endpoint, with wrk where it is installed (`wrk.ts`), else autocannon. */
export async function load(
  server: Server,
  path: string,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadFigures> {
  if (loadGenerator() === 'wrk') return wrkLoad(server, path, headers, settings)
  const options = { url: `${server.origin}${path}`, connections: settings.connections, headers, timeout: 30 }
  // A 304 is the answer wanted where the request says If-None-Match.
  const wanted = headers['if-none-match'] ? 1 : 0
  return measuredLoad(server, settings, async (seconds) => {
    const result = await autocannon({ ...options, duration: seconds })
    const figures = {
      rps: (result['2xx'] + wanted * result['3xx']) / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx - wanted * result['3xx'],
      errors: result.errors,
    }
    return { figures, total: result.requests.total }
  })
}

export type Endpoint = {
  label: string
  path: string
  token: string
  headers?: Record<string, string>
  /** The least share of the hand-written reference's requests/s the app must reach (issue 18: 0.8). */
  target?: number
  /** The most p99 latency allowed, in ms, where the issue sets one. */
  p99Target?: number
}

export type EndpointFigures = { app: LoadFigures; bare: LoadFigures; reference?: LoadFigures; bytes: number }

export function endpointHeaders(endpoint: Endpoint): Record<string, string> {
  return { authorization: `Bearer ${endpoint.token}`, accept: 'application/json', ...endpoint.headers }
}

/**
 * Rounds of a comparison: each server's load time is split into this many runs, taken in turn. Five
 * since 2026-11-30: on a shared two-core machine one run's ratio of the app to the reference moved
 * between 0.55x and 1.07x within a minute (by hand, the same build), and the median of three runs
 * still fell on such runs often enough that the same build's feed measured 0.72x and 0.93x an hour apart.
 */
const ROUNDS = 5

/**
 * Runs of one server as one: the median of each rate and latency, the highest peak memory, all the
 * failures. With the servers taken in turn, a minute of a busy neighbour on a shared machine slows one
 * run of each rather than the whole of one server's.
 */
function medianRun(runs: LoadFigures[]): LoadFigures {
  const of = (pick: (f: LoadFigures) => number) => median(runs.map(pick))
  const cpu = runs.map((f) => f.cpuUs)
  return {
    rps: of((f) => f.rps),
    p50: of((f) => f.p50),
    p99: of((f) => f.p99),
    rssMb: Math.max(...runs.map((f) => f.rssMb)),
    cpuUs: cpu.every((us) => us !== undefined) ? median(cpu) : undefined,
    non2xx: runs.reduce((sum, f) => sum + f.non2xx, 0),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
  }
}

/**
 * One endpoint of the app against the bare server answering a body of the same size and, when given,
 * the hand-written reference doing the same work; each warmed up once and then loaded for the same time
 * with the same connections, in `ROUNDS` runs taken in turn (bare, reference, app; then the other way
 * round), each server's figures the median of its runs.
 */
export async function compareEndpoint(
  app: Server,
  bare: Server,
  endpoint: Endpoint,
  settings: LoadSettings,
  log: (line: string) => void,
  reference?: Server,
): Promise<EndpointFigures> {
  const headers = endpointHeaders(endpoint)
  const probe = await fetch(`${app.origin}${endpoint.path}`, { headers })
  const bytes = (await probe.arrayBuffer()).byteLength
  if (!probe.ok && !(probe.status === 304 && headers['if-none-match'])) {
    throw new Error(`${endpoint.path} answered ${probe.status}`)
  }
  if (reference) {
    const check = await fetch(`${reference.origin}${endpoint.path}`, { headers })
    const referenceBytes = (await check.arrayBuffer()).byteLength
    if (check.status !== probe.status || referenceBytes !== bytes) {
      throw new Error(
        `the reference answers ${endpoint.path} with ${check.status}, ${referenceBytes} bytes; the app with ${probe.status}, ${bytes}`,
      )
    }
  }
  const loaded = (server: Server, path: string, sent: Record<string, string>) => ({
    run: (s: LoadSettings) => load(server, path, sent, s),
    runs: [] as LoadFigures[],
  })
  const bareRuns = loaded(bare, `/bytes/${bytes}`, {})
  const referenceRuns = reference ? loaded(reference, endpoint.path, headers) : undefined
  const appRuns = loaded(app, endpoint.path, headers)
  const servers = [bareRuns, ...(referenceRuns ? [referenceRuns] : []), appRuns]
  const durationS = Math.max(1, Math.round(settings.durationS / ROUNDS))
  const warmupOf = (server: (typeof servers)[number]) =>
    server === bareRuns ? settings.warmupS : (settings.jitWarmupS ?? settings.warmupS)
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
      const warmupS = round === 0 ? warmupOf(server) : 0
      server.runs.push(await server.run({ ...settings, durationS, warmupS }))
    }
  }
  const figures: EndpointFigures = {
    bare: medianRun(bareRuns.runs),
    reference: referenceRuns && medianRun(referenceRuns.runs),
    app: medianRun(appRuns.runs),
    bytes,
  }
  if (referenceRuns) {
    // Each round's ratio, so a reader can tell a run's noise from the app's figure.
    const ratios = appRuns.runs.map((run, i) => fmt.ratio(run.rps / referenceRuns.runs[i]!.rps))
    log(`  ${endpoint.label}: app against the reference, round by round: ${ratios.join(', ')}`)
  }
  for (const who of ['bare', 'reference', 'app'] as const) {
    const f = figures[who]
    if (!f) continue
    log(
      `  ${endpoint.label} [${who}] ${fmt.int(f.rps)} req/s, ${f.cpuUs === undefined ? '' : `${fmt.int(f.cpuUs)} µs CPU/request, `}p50 ${f.p50} ms, p99 ${f.p99} ms, peak RSS ${fmt.mb(f.rssMb)}` +
        (f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''),
    )
  }
  return figures
}

const cpu = (f: LoadFigures) => (f.cpuUs === undefined ? '' : `${fmt.int(f.cpuUs)} µs`)

export function endpointRows(prefix: string, endpoint: Endpoint, figures: EndpointFigures): Row[] {
  const { app, bare, reference } = figures
  const measure = (what: string) => `${prefix}${endpoint.label} ${what}`
  const rows: Row[] = []
  // Requests/s and CPU per request against one baseline: the reference, then the bare server.
  const against = (base: LoadFigures, name: string, who: string, target?: number) => {
    const ratio = app.rps / base.rps
    rows.push({
      measure: measure(`req/s against ${name} (${fmt.kb(figures.bytes)} body)`),
      value: fmt.int(app.rps),
      baseline: `${fmt.int(base.rps)} ${who}`,
      ratio: fmt.ratio(ratio),
      ...(target === undefined ? {} : { target: `>= ${target.toFixed(2)}x ${who}`, met: ratio >= target }),
    })
    if (app.cpuUs !== undefined && base.cpuUs !== undefined) {
      rows.push({
        measure: measure(
          `server CPU per request against ${who === 'bare' ? 'bare node:http' : `the ${who}`}`,
        ),
        value: cpu(app),
        baseline: `${cpu(base)} ${who}`,
        ratio: fmt.ratio(app.cpuUs / base.cpuUs),
      })
    }
  }
  if (reference) against(reference, 'the hand-written reference', 'reference', endpoint.target)
  against(bare, 'bare node:http', 'bare')
  const latencyBase = reference ?? bare
  rows.push(
    {
      measure: measure('p50 / p99 latency'),
      value: `${app.p50} / ${app.p99} ms`,
      baseline: `${latencyBase.p50} / ${latencyBase.p99} ms ${reference ? 'reference' : 'bare'}`,
      // Latencies come in whole milliseconds: a ratio to a 0-4 ms baseline would mostly be rounding.
      ratio: latencyBase.p50 >= 5 ? fmt.ratio(app.p50 / latencyBase.p50) : '',
      ...(endpoint.p99Target === undefined
        ? {}
        : { target: `p99 < ${endpoint.p99Target} ms`, met: app.p99 < endpoint.p99Target }),
    },
    {
      measure: measure('server peak RSS'),
      value: fmt.mb(app.rssMb),
      baseline: `${fmt.mb(bare.rssMb)} bare`,
      ratio: fmt.ratio(app.rssMb / bare.rssMb),
    },
  )
  return rows
}

export type SyncRun = {
  rows: number
  pages: number
  ms: number
  pageBytes: number[]
  /** Rows put, per collection. */
  puts: Record<string, number>
  /** Deletions sent (rows the user cannot see, which a first sync never stored), per collection. */
  deletes: Record<string, number>
  /** The cursor of the last page: where the complete mirror stands. */
  cursor: string
}

/** Pulls every page from zero as the client does (same page size), timing each request until its body is in. */
export async function fullSync(server: Server, token: string, pageSize: number): Promise<SyncRun> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' }
  const run: SyncRun = { rows: 0, pages: 0, ms: 0, pageBytes: [], puts: {}, deletes: {}, cursor: '' }
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) })
    if (run.cursor) query.set('since', run.cursor)
    const started = performance.now()
    const res = await fetch(`${server.origin}/api/v1/sync?${query}`, { headers })
    const text = await res.text()
    run.ms += performance.now() - started
    if (!res.ok) throw new Error(`sync answered ${res.status}: ${text.slice(0, 200)}`)
    const page = JSON.parse(text) as SyncResponse
    run.pages++
    run.rows += page.changes.length
    run.pageBytes.push(Buffer.byteLength(text))
    for (const change of page.changes) {
      const counts = change.op === 'put' ? run.puts : run.deletes
      counts[change.collection] = (counts[change.collection] ?? 0) + 1
    }
    run.cursor = page.cursor
    if (!page.hasMore) return run
  }
}

/** The same sequence of body sizes from the bare server, timed the same way. */
export async function replayBare(bare: Server, pageBytes: number[]): Promise<number> {
  let ms = 0
  for (const bytes of pageBytes) {
    const started = performance.now()
    const res = await fetch(`${bare.origin}/bytes/${bytes}`)
    await res.text()
    ms += performance.now() - started
  }
  return ms
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Item 2: the guardian's whole first sync, the median of `repeats` runs, against the bare replay. */
export async function syncRows(
  prefix: string,
  app: Server,
  bare: Server,
  token: string,
  repeats: number,
  log: (line: string) => void,
): Promise<{ rows: Row[]; run: SyncRun }> {
  const runs: SyncRun[] = []
  const bareMs: number[] = []
  for (let i = 0; i < repeats; i++) {
    const run = await fullSync(app, token, 500)
    runs.push(run)
    bareMs.push(await replayBare(bare, run.pageBytes))
    log(`  full sync ${i + 1}/${repeats}: ${fmt.int(run.rows)} rows in ${run.pages} pages, ${fmt.ms(run.ms)}`)
  }
  const ms = median(runs.map((r) => r.ms))
  const run = runs[0]!
  const puts = Object.values(run.puts).reduce((a, b) => a + b, 0)
  const perSecond = (run.rows / ms) * 1000
  const base = median(bareMs)
  const for10k = (ms / run.rows) * 10_000
  return {
    run,
    rows: [
      {
        measure: `${prefix}full initial sync over HTTP, ${fmt.int(run.rows)} changes (${fmt.int(puts)} rows put), ${run.pages} pages of 500`,
        value: `${fmt.int(perSecond)} rows/s (${fmt.ms(ms)})`,
        baseline: `${fmt.ms(base)} same bytes`,
        ratio: fmt.ratio(ms / base),
        target: '10,000 rows < 2 s',
        met: for10k < 2000,
      },
    ],
  }
}
