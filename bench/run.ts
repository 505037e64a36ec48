// `npm run bench` (or `npm run bench -- --quick`): what users feel, each figure beside a baseline
// measured in the same run. Not part of `npm test`; nothing here asserts a time. See README "Performance".
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SyncResponse } from '#shared/sync.ts'
import {
  compareEndpoint,
  type Endpoint,
  endpointHeaders,
  endpointRows,
  fullSync,
  type LoadSettings,
  signIn,
  syncRows,
} from './lib/api.ts'
import { bytesRows, coldStartRows, engineRows, launchBrowser } from './lib/browser.ts'
import { feedRows, monthViewRows } from './lib/calendar.ts'
import { bundlePageScript, prepareClient } from './lib/client-build.ts'
import { lighthouseRows } from './lib/lighthouse.ts'
import { messengerLiveRows } from './lib/messenger-live.ts'
import { postWriteRows } from './lib/post-writes.ts'
import { type Server, scratchDatabase, startNode } from './lib/processes.ts'
import { pushFanoutRows } from './lib/push-fanout.ts'
import { statisticsRows } from './lib/statistics.ts'
import { fmt, type Row, renderTable } from './lib/table.ts'
import { twoProcessRows } from './lib/two-processes.ts'
import { loadGenerator } from './lib/wrk.ts'
import type { SeedReport, SeedSizes } from './seed-college.ts'

const quick = process.argv.includes('--quick')
const GUARDIAN = 'guardian@demo.test'
const PASSWORD = 'demo12345'
/** What Chromium and Firefox send as Accept-Encoding; Safari sends the same without `zstd`. */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd'

const plan = quick
  ? {
      sizes: {
        users: 200,
        posts: 1_000,
        notifications: 2_000,
        guardianNotifications: 80,
        events: 2_000,
        feedEvents: 500,
        activity: { readsPerPost: 10, familySends: 5, conversations: 200, documents: 20, openShare: 0.3 },
      } satisfies SeedSizes,
      load: { durationS: 2, warmupS: 1, connections: 50 } satisfies LoadSettings,
      statisticsRuns: 3,
      syncRepeats: 1,
      engineRuns: 1,
      feedRows: 10_000,
      feedRepeats: 10,
      coldRuns: 1,
      monthRuns: 3,
    }
  : {
      sizes: {
        users: 2_000,
        posts: 10_000,
        notifications: 20_000,
        guardianNotifications: 800,
        events: 2_000,
        feedEvents: 500,
        // A year of families reading, answering, writing, paying and opening documents.
        activity: { readsPerPost: 60, familySends: 40, conversations: 1_500, documents: 100, openShare: 0.3 },
      } satisfies SeedSizes,
      load: { durationS: 10, warmupS: 3, jitWarmupS: 12, connections: 50 } satisfies LoadSettings,
      statisticsRuns: 9,
      syncRepeats: 3,
      engineRuns: 3,
      feedRows: 50_000,
      feedRepeats: 20,
      coldRuns: 3,
      monthRuns: 9,
    }

const started = performance.now()
const log = (line: string) => process.stdout.write(`${line}\n`)
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`

function seed(env: Record<string, string>): SeedReport {
  const result = spawnSync(process.execPath, ['bench/seed-college.ts', JSON.stringify(plan.sizes)], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stderr}`)
  const report = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as SeedReport
  log(
    `  seeded ${report.users} users, ${report.posts} posts, ${report.notifications} notifications in ${report.seconds.toFixed(1)} s`,
  )
  log(`  and a year of activity: ${JSON.stringify(report.activityRows)}`)
  return report
}

function startApp(env: Record<string, string>, distDir: string): Promise<Server> {
  return startNode(
    'app',
    'src/server/main.ts',
    { LOG_REQUESTS: '0', LOG_LEVEL: 'silent', SEED: '0', DIST_DIR: distDir, DATABASE_URL: '', ...env },
    '/manifest.webmanifest',
  )
}

/**
 * The hand-written reference for these endpoints (bench/reference/): the app's SQL for each is recorded
 * by running the request through the app in a process of its own, on the same database.
 */
async function startReference(
  app: Server,
  endpoints: Endpoint[],
  env: Record<string, string>,
  workDir: string,
): Promise<Server> {
  const requests = endpoints.map((e) => ({ url: `${app.origin}${e.path}`, headers: endpointHeaders(e) }))
  const recorded = spawnSync(process.execPath, ['bench/reference/record.ts', JSON.stringify(requests)], {
    env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  if (recorded.status !== 0) throw new Error(`recording the app's queries failed:\n${recorded.stderr}`)
  const file = join(workDir, 'reference-recordings.json')
  writeFileSync(file, recorded.stdout)
  return startNode(
    'reference',
    'bench/reference/server.ts',
    { DATABASE_URL: '', ...env, REFERENCE_RECORDINGS: file },
    '/ready',
  )
}

/** Items 1 and 2 against one running app (SQLite, or PostgreSQL for item 5). */
async function apiRows(
  prefix: string,
  app: Server,
  bare: Server,
  databaseEnv: Record<string, string>,
  workDir: string,
): Promise<{ rows: Row[]; puts: Record<string, number> }> {
  const token = await signIn(app, GUARDIAN, PASSWORD)
  const admin = await signIn(app, 'admin@demo.test', PASSWORD)
  // The issue sets its latency targets at 50 connections on SQLite.
  const sqlite = !databaseEnv.DATABASE_URL
  const endpoints: Endpoint[] = [
    {
      label: 'GET /api/v1/user',
      path: '/api/v1/user',
      token,
      target: 0.8,
      p99Target: sqlite ? 10 : undefined,
    },
    {
      label: 'GET /api/v1/posts?limit=20 (guardian)',
      path: '/api/v1/posts?limit=20',
      token,
      target: 0.8,
      p99Target: sqlite ? 50 : undefined,
    },
    { label: 'GET /api/v1/sync first page (guardian)', path: '/api/v1/sync?limit=500', token, target: 0.8 },
    {
      // What every open tab pulls when poked: its mirror was complete, and one thing was written.
      label: 'GET /api/v1/sync catch-up with one change (guardian)',
      path: await catchUpPath(app, token, admin),
      token,
    },
    {
      label: 'GET /api/v1/sync first page, compressed as Chromium asks (Zstandard)',
      path: '/api/v1/sync?limit=500',
      token,
      headers: { 'accept-encoding': CHROMIUM_ENCODINGS },
    },
    // Each area's own list, as the one who reads it (the families read theirs from the mirror too), held
    // to the feed's 0.8x: issue 18 asks every new area to keep its numbers. The local businesses' list
    // as administrators page through it (issue 16's list endpoint).
    {
      label: 'GET /api/v1/pymes?limit=20 (admin)',
      path: '/api/v1/pymes?limit=20',
      token: admin,
      target: 0.8,
    },
    { label: 'GET /api/v1/events?limit=20 (guardian)', path: '/api/v1/events?limit=20', token, target: 0.8 },
    {
      label: 'GET /api/v1/notifications?limit=20 (guardian)',
      path: '/api/v1/notifications?limit=20',
      token,
      target: 0.8,
    },
    {
      label: 'GET /api/v1/users?limit=20 (admin)',
      path: '/api/v1/users?limit=20',
      token: admin,
      target: 0.8,
    },
    {
      label: 'GET /api/v1/payments?limit=20 (admin)',
      path: '/api/v1/payments?limit=20',
      token: admin,
      target: 0.8,
    },
  ]
  const reference = await startReference(app, endpoints, databaseEnv, workDir)
  const rows: Row[] = []
  try {
    for (const endpoint of endpoints) {
      const figures = await compareEndpoint(app, bare, endpoint, plan.load, log, reference)
      rows.push(...endpointRows(prefix, endpoint, figures))
    }
  } finally {
    await reference.stop()
  }
  rows.push(...(await wireRows(prefix, app, token)))
  rows.push(...(await statisticsRows(prefix, app, bare, admin, plan.statisticsRuns, log)))
  const sync = await syncRows(prefix, app, bare, token, plan.syncRepeats, log)
  log(
    `  guardian's first sync: puts ${JSON.stringify(sync.run.puts)}, deletes ${JSON.stringify(sync.run.deletes)}`,
  )
  rows.push(...sync.rows)
  return { rows, puts: sync.run.puts }
}

/**
 * The guardian's pull from the cursor of a complete mirror after one write that reaches them (a post
 * category the administrator adds): the page a poked tab asks for.
 */
async function catchUpPath(app: Server, token: string, admin: string): Promise<string> {
  const { cursor } = await fullSync(app, token, 500)
  const made = await fetch(`${app.origin}/api/v1/post-categories`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ name: 'Bench' }),
  })
  if (!made.ok) throw new Error(`adding a post category answered ${made.status}`)
  const path = `/api/v1/sync?limit=500&since=${encodeURIComponent(cursor)}`
  const check = (await (
    await fetch(`${app.origin}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
  ).json()) as SyncResponse
  if (check.changes.length !== 1) throw new Error(`the catch-up holds ${check.changes.length} changes, not 1`)
  return path
}

/** The family's first sync page as sent to Chromium (Zstandard) and to Safari (Brotli), against plain. */
async function wireRows(prefix: string, app: Server, token: string): Promise<Row[]> {
  const sizeWith = async (encoding: string) => {
    const res = await fetch(`${app.origin}/api/v1/sync?limit=500`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    })
    await res.arrayBuffer()
    return Number(res.headers.get('content-length'))
  }
  const plain = await sizeWith('identity')
  const rows: Row[] = []
  for (const [name, asked] of [
    ['Zstandard, as Chromium asks', CHROMIUM_ENCODINGS],
    ['Brotli, as Safari asks', 'gzip, deflate, br'],
  ] as const) {
    const bytes = await sizeWith(asked)
    rows.push({
      measure: `${prefix}GET /api/v1/sync first page (guardian), bytes on the wire in ${name}`,
      value: fmt.kb(bytes),
      baseline: `${fmt.kb(plain)} plain`,
      ratio: fmt.ratio(bytes / plain),
      target: '<= 0.25x plain',
      met: bytes / plain <= 0.25,
    })
  }
  return rows
}

async function postgresRows(
  databaseUrl: string,
  bare: Server,
  distDir: string,
  dataDir: string,
): Promise<Row[]> {
  // A database of its own next to the given one, dropped at the end: the bench never writes into yours.
  const database = await scratchDatabase(databaseUrl, 'college_bench')
  let app: Server | undefined
  try {
    seed({ DATABASE_URL: database.url, DATA_DIR: dataDir })
    app = await startApp({ DATABASE_URL: database.url, DATA_DIR: dataDir }, distDir)
    const rows = (
      await apiRows('PostgreSQL: ', app, bare, { DATABASE_URL: database.url, DATA_DIR: dataDir }, dataDir)
    ).rows
    log(`[${elapsed()}] PostgreSQL: posts created by 20 writers at once`)
    const staff = await signIn(app, 'staff@demo.test', PASSWORD)
    rows.push(...(await postWriteRows('PostgreSQL: ', app, staff, plan.load, log)))
    return rows
  } finally {
    await app?.stop()
    await database.drop()
  }
}

async function main() {
  const command = `npm run bench${quick ? ' -- --quick' : ''}`
  log(
    `${command}: ${quick ? 'quick, small data' : 'full'} run on ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, loaded by ${loadGenerator()}`,
  )
  const work = mkdtempSync(join(tmpdir(), 'college-bench-'))
  const servers: Server[] = []
  const rows: Row[] = []
  try {
    log(`[${elapsed()}] preparing the client`)
    const distDir = prepareClient(join(work, 'dist'), quick, log)
    const script = await bundlePageScript()

    log(`[${elapsed()}] seeding SQLite`)
    const sqliteDir = join(work, 'sqlite')
    mkdirSync(sqliteDir)
    const seeded = seed({ DATA_DIR: sqliteDir, DATABASE_URL: '' })
    const bare = await startNode('bare', 'bench/bare-server.ts', {}, '/bytes/2')
    servers.push(bare)
    const app = await startApp({ DATA_DIR: sqliteDir }, distDir)
    servers.push(app)

    log(`[${elapsed()}] API on SQLite (${plan.load.durationS} s runs, ${plan.load.connections} connections)`)
    const api = await apiRows('', app, bare, { DATA_DIR: sqliteDir }, work)
    rows.push(...api.rows)
    log(`[${elapsed()}] two processes on one port (WEB_CONCURRENCY=2), same database`)
    const pair = await startApp({ DATA_DIR: sqliteDir, WEB_CONCURRENCY: '2' }, distDir)
    try {
      const guardian = await signIn(app, GUARDIAN, PASSWORD)
      const endpoints = [
        // Answered by plain node:http since 2026-11-29 (15 µs of CPU here): at 60,000 requests/s one
        // process already leaves wrk a core of its own, so a second process has no core to add.
        { label: 'GET /api/v1/user', path: '/api/v1/user', token: guardian, judged: false },
        { label: 'GET /api/v1/posts?limit=20 (guardian)', path: '/api/v1/posts?limit=20', token: guardian },
        { label: 'GET /api/v1/sync first page (guardian)', path: '/api/v1/sync?limit=500', token: guardian },
      ]
      rows.push(...(await twoProcessRows(app, pair, endpoints, plan.load, log)))
    } finally {
      await pair.stop()
    }
    log(`[${elapsed()}] calendar feed`)
    rows.push(...(await feedRows(app, bare, await signIn(app, GUARDIAN, PASSWORD), plan.load, log)))
    log(`[${elapsed()}] push fan-out (1,000 subscriptions, local stand-in)`)
    const pushDir = join(work, 'push')
    mkdirSync(pushDir)
    rows.push(...(await pushFanoutRows(pushDir, { subscriptions: 1_000, runs: quick ? 1 : 3 }, log)))
    log(`[${elapsed()}] messenger: live delivery and open streams (a server of its own, freshly started)`)
    const liveApp = await startApp({ DATA_DIR: sqliteDir }, distDir)
    try {
      rows.push(...(await messengerLiveRows(liveApp, { messages: 100, streams: quick ? 200 : 1_000 }, log)))
    } finally {
      await liveApp.stop()
    }

    log(`[${elapsed()}] browser: engine, raw bulkPut, feed`)
    const token = await signIn(app, GUARDIAN, PASSWORD)
    const browserSettings = {
      engineRuns: plan.engineRuns,
      feedRows: plan.feedRows,
      feedRepeats: plan.feedRepeats,
      coldRuns: plan.coldRuns,
      guardianId: seeded.guardianId,
      expectedPosts: api.puts.posts ?? 0,
    }
    const browser = await launchBrowser()
    try {
      rows.push(...(await engineRows(browser, app, token, script, browserSettings, log)))
      log(`[${elapsed()}] browser: bytes`)
      rows.push(...(await bytesRows(browser, app, token, distDir)))
      log(`[${elapsed()}] browser: calendar month view`)
      const monthSettings = {
        guardianId: seeded.guardianId,
        expectedEvents: api.puts.events ?? 0,
        runs: plan.monthRuns,
      }
      rows.push(...(await monthViewRows(browser, app, token, monthSettings, log)))
    } finally {
      await browser.close()
    }
    log(`[${elapsed()}] browser: offline cold start`)
    rows.push(...(await coldStartRows(app, token, browserSettings, log)))
    log(`[${elapsed()}] Lighthouse (mobile): /auth/login, / and /app/home`)
    rows.push(...(await lighthouseRows(app, token, log)))
    await app.stop()

    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) {
      log(`[${elapsed()}] API on PostgreSQL`)
      const pgDir = join(work, 'postgres')
      mkdirSync(pgDir)
      rows.push(...(await postgresRows(databaseUrl, bare, distDir, pgDir)))
    } else {
      rows.push({ measure: 'PostgreSQL: skipped (DATABASE_URL is not set)', value: '' })
    }
  } finally {
    for (const server of servers) await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
  log('')
  log(
    `Colegio Demo with ${plan.sizes.users.toLocaleString('en-US')} users, ${plan.sizes.posts.toLocaleString('en-US')} posts, ` +
      `${plan.sizes.notifications.toLocaleString('en-US')} notifications, ${plan.sizes.events.toLocaleString('en-US')} events; ${command}; ${elapsed()}`,
  )
  log(renderTable(rows))
  const missed = rows.filter((r) => r.met === false).length
  log(missed ? `${missed} target(s) missed.` : 'Every target met.')
}

await main()
