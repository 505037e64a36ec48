// The push fan-out of one notification: the delivery job (encryption for each browser, VAPID signing,
// the requests and the bookkeeping) timed against plain POSTs of the same bodies to the same stand-in
// push service, with the same concurrency. The stand-in is a bare node:http server in its own process
// that reads each body and answers 201; the job runs in this process on a SQLite database of its own.
import { type ChildProcess, spawn } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { loadConfig } from '#server/config.ts'
import { openSqlite } from '#server/db/connection.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { ensureReferenceData } from '#server/db/reference-data.ts'
import { seedDemo } from '#server/db/seed.ts'
import { createSend } from '#server/features/notifications/notification-sends.service.ts'
// The delivery job's handler registers itself when its module loads.
import '#server/features/notifications/notification-delivery.ts'
import type { AppDeps } from '#server/platform/context.ts'
import { eachLimited } from '#server/platform/each-limited.ts'
import { runDueJobs } from '#server/platform/jobs.ts'
import { localStorage } from '#server/platform/storage.ts'
import { median } from './api.ts'
import { fmt, type Row } from './table.ts'

export type FanoutSettings = {
  /** Active people of the college, each with one browser subscribed. */
  subscriptions: number
  /** Timed runs of each side, after one run that warms up (connections, JIT, the VAPID key). */
  runs: number
}

/** What the delivery job keeps in flight (PUSH_CONCURRENCY in notification-delivery.ts). */
const CONCURRENCY = 64

const STAND_IN = `
const { createServer } = require('node:http')
let count = 0
let bytes = 0
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count, bytes }))
    return
  }
  let size = 0
  req.on('data', (chunk) => { size += chunk.length })
  req.on('end', () => {
    count++
    bytes += size
    res.writeHead(201, { 'content-length': '0' }).end()
  })
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'))
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)) })
`

type StandIn = { origin: string; child: ChildProcess; stop: () => Promise<void> }

async function startStandIn(): Promise<StandIn> {
  const child = spawn(process.execPath, ['-e', STAND_IN], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(Number(out.trim()))
    })
    child.once('exit', (code) => reject(new Error(`the push stand-in exited (${code})`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    },
  }
}

async function stats(standIn: StandIn): Promise<{ count: number; bytes: number }> {
  const res = await fetch(`${standIn.origin}/stats`)
  return (await res.json()) as { count: number; bytes: number }
}

/** The demo college grown to `size` active people, every one with a browser subscribed at the stand-in. */
async function seed(deps: AppDeps, size: number, origin: string) {
  const { db } = deps
  await migrateToLatest(db)
  await ensureReferenceData(db)
  await seedDemo(db, deps.storage)
  const college = await db
    .selectFrom('colleges')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow()
  const active = () =>
    db
      .selectFrom('users')
      .select('id')
      .where('college_id', '=', college.id)
      .where('deactivated_at', 'is', null)
      .orderBy('id')
      .execute()
  const admin = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', 'admin@demo.test')
    .where('college_id', '=', college.id)
    .executeTakeFirstOrThrow()
  const guardianRole = await db
    .selectFrom('roles')
    .select('id')
    .where('college_id', '=', college.id)
    .where('key', '=', 'guardian')
    .executeTakeFirstOrThrow()
  const extra = Math.max(0, size - (await active()).length)
  const stamp = new Date().toISOString()
  const users = Array.from({ length: extra }, (_, i) => ({
    college_id: college.id,
    role_id: guardianRole.id,
    name: `Apoderado${i}`,
    first_lastname: 'push',
    second_lastname: '',
    email: `push-${String(i).padStart(5, '0')}@demo.test`,
    rut: '',
    phone: '',
    birthdate: '',
    avatar: null,
    password_hash: admin.password_hash,
    locale: null,
    created_at: stamp,
    updated_at: stamp,
  }))
  for (let i = 0; i < users.length; i += 1000)
    await db
      .insertInto('users')
      .values(users.slice(i, i + 1000))
      .execute()
  const people = await active()
  const subscriptions = people.map((person) => {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    return {
      college_id: college.id,
      user_id: person.id,
      endpoint: `${origin}/push/${person.id}-${randomBytes(8).toString('hex')}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
      created_at: stamp,
    }
  })
  for (let i = 0; i < subscriptions.length; i += 1000)
    await db
      .insertInto('push_subscriptions')
      .values(subscriptions.slice(i, i + 1000))
      .execute()
  return { collegeId: college.id, adminId: admin.id, people: people.length }
}

/** One college-wide notification sent, then the jobs run until every copy is delivered: that time. */
async function fanOut(deps: AppDeps, collegeId: number, adminId: number): Promise<number> {
  const id = uuidv7()
  await createSend(
    deps.db,
    { id: adminId, collegeId, ip: '127.0.0.1' },
    {
      id,
      title: 'Suspensión de clases por corte de agua',
      content:
        'Estimadas familias: por un corte de agua en el sector, mañana no habrá clases. Las actividades se retoman el lunes en el horario habitual. Les mantendremos informados por este medio.',
      emergency: false,
      send_at: null,
      audience: { scope: 'college', ids: [] },
      origin: 'http://localhost:3000',
    },
  )
  const waiting = async () =>
    Number(
      (
        await deps.db
          .selectFrom('notifications')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('send_id', '=', id)
          .where('delivered_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    )
  const started = performance.now()
  for (let round = 0; (await waiting()) > 0; round++) {
    if (round >= 5) throw new Error('the push fan-out left copies undelivered')
    await runDueJobs(deps)
  }
  return performance.now() - started
}

/** The same number of POSTs with bodies of the same size, `CONCURRENCY` at once, nothing computed. */
async function plainPosts(origin: string, count: number, size: number): Promise<number> {
  const payload = randomBytes(size)
  const started = performance.now()
  await eachLimited(
    Array.from({ length: count }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const res = await fetch(`${origin}/push/plain-${i}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ttl: '86400' },
        body: payload,
      })
      await res.arrayBuffer()
      if (res.status !== 201) throw new Error(`the push stand-in answered ${res.status}`)
    },
  )
  return performance.now() - started
}

export async function pushFanoutRows(
  dir: string,
  settings: FanoutSettings,
  log: (line: string) => void,
): Promise<Row[]> {
  const standIn = await startStandIn()
  const handle = openSqlite(join(dir, 'app.db'))
  try {
    const config = loadConfig(
      { ...process.env, LOG_REQUESTS: '0', DATA_DIR: dir },
      { dataDir: dir, appKey: randomBytes(32), logRequests: false, pushAllowHttp: true },
    )
    const deps: AppDeps = {
      db: handle.db,
      dialect: handle.dialect,
      config,
      storage: localStorage(join(dir, 'uploads')),
    }
    const { collegeId, adminId, people } = await seed(deps, settings.subscriptions, standIn.origin)

    const fanouts: number[] = []
    let size = 0
    for (let run = 0; run <= settings.runs; run++) {
      const before = await stats(standIn)
      const ms = await fanOut(deps, collegeId, adminId)
      const after = await stats(standIn)
      if (after.count - before.count !== people)
        throw new Error(`the stand-in received ${after.count - before.count} pushes, not ${people}`)
      size = Math.round((after.bytes - before.bytes) / people)
      if (run > 0) fanouts.push(ms)
    }
    const plain: number[] = []
    for (let run = 0; run <= settings.runs; run++) {
      const ms = await plainPosts(standIn.origin, people, size)
      if (run > 0) plain.push(ms)
    }
    const fanoutMs = median(fanouts)
    const plainMs = median(plain)
    const perSecond = (ms: number) => (people / ms) * 1000
    log(
      `  push fan-out: ${fmt.int(people)} messages of ${size} bytes in ${fmt.ms(fanoutMs)} (${fmt.int(perSecond(fanoutMs))}/s); ` +
        `plain POSTs ${fmt.ms(plainMs)} (${fmt.int(perSecond(plainMs))}/s); runs ${fanouts.map(fmt.ms).join(', ')} vs ${plain.map(fmt.ms).join(', ')}`,
    )
    const runs = settings.runs > 1 ? `, median of ${settings.runs}` : ''
    return [
      {
        measure: `push fan-out of one notification to ${fmt.int(people)} subscriptions, local stand-in, SQLite (job until all delivered${runs})`,
        value: fmt.ms(fanoutMs),
        baseline: `${fmt.int(people)} plain POSTs of ${size} B, ${CONCURRENCY} at once: ${fmt.ms(plainMs)}`,
        ratio: fmt.ratio(fanoutMs / plainMs),
      },
      {
        measure: 'push fan-out, messages per second (encrypted, signed, marked delivered)',
        value: `${fmt.int(perSecond(fanoutMs))}/s`,
        baseline: `${fmt.int(perSecond(plainMs))}/s plain`,
        ratio: fmt.ratio(perSecond(fanoutMs) / perSecond(plainMs)),
      },
    ]
  } finally {
    await handle.close()
    await standIn.stop()
  }
}
