// `npm start`: builds the client when missing, migrates, seeds the demo once, and serves on PORT, in one
// process or in WEB_CONCURRENCY processes sharing the port.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { createRequestListener } from './app.ts'
import { loadConfig, storageFor } from './config.ts'
import { openDatabase } from './db/connection.ts'
import { migrateToLatest } from './db/migrate.ts'
import { ensureReferenceData } from './db/reference-data.ts'
import { DEMO_COLLEGES, DEMO_PASSWORD, PLATFORM_OWNER, seedDemo } from './db/seed.ts'
import { scheduleFeeReminders } from './features/payments/fee-reminders.ts'
import { processCount, relayThroughPrimary, runWorkers } from './platform/cluster.ts'
import { loadCatalogs } from './platform/i18n.ts'
import { startJobWorker } from './platform/jobs.ts'
import { notifier } from './platform/live.ts'
import { relayPokesThroughPostgres } from './platform/live-relay.ts'
import { logger } from './platform/logger.ts'
import { prepareDummyHash } from './platform/passwords.ts'
import { loadVapidKeys } from './platform/push.ts'
import { clearShortCaches } from './platform/short-cache.ts'

const config = loadConfig()
/** The database the settings name, opened for the start's setup and again by each serving process. */
const openConfiguredDatabase = () =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'app.db'),
    poolSize: config.databasePoolSize,
  })
const workers = processCount()
const isWorker = cluster.isWorker
loadCatalogs()

// Once per start, before any worker: build, migrate, seed, the keys every process signs with.
if (!isWorker) {
  if (!existsSync(join(config.distDir, 'index.html'))) {
    logger.info('building the client (dist/ is missing); this takes a minute the first time')
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
    if (build.status !== 0) {
      logger.error('the client build failed; the API still starts')
    }
  }
  const setup = openConfiguredDatabase()
  await migrateToLatest(setup.db)
  await ensureReferenceData(setup.db)
  const storage = storageFor(config)
  if (process.env.SEED !== '0') await seedDemo(setup.db, storage)
  await scheduleFeeReminders(setup.db)
  loadVapidKeys(config)
  await setup.close()
}

function banner() {
  const lines = [
    '',
    `  College app running on http://localhost:${config.port}  (database: ${config.databaseUrl ? 'postgres' : 'sqlite'}${workers > 1 ? `, ${workers} processes` : ''})`,
    `  Second college:        http://beta.localhost:${config.port}`,
    '',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_COLLEGES.flatMap((c) =>
      c.users.map((u) => `    ${u.email.padEnd(22)} ${u.role.padEnd(9)} ${c.name}`),
    ),
    `    ${PLATFORM_OWNER.email.padEnd(22)} superadmin platform owner (on localhost)`,
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

if (workers > 1 && !isWorker) {
  const stop = await runWorkers(workers)
  banner()
  const shutdown = () => {
    void stop().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 8000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
} else {
  await serve()
}

/** One process serving requests: the whole server, or one of WEB_CONCURRENCY workers. */
async function serve() {
  const handle = openConfiguredDatabase()
  const storage = storageFor(config)
  const listener = createRequestListener({ db: handle.db, dialect: handle.dialect, config, storage })
  await prepareDummyHash()
  // Push fan-out and mail run beside the requests; on PostgreSQL every server takes its share of jobs.
  const stopJobs = startJobWorker({ db: handle.db, dialect: handle.dialect, config, storage })
  // Several servers share one PostgreSQL: pokes made through one reach the tabs of all, and writes
  // make each forget the colleges and sessions it kept. Workers of one server on SQLite pass both
  // through their primary.
  const relay = config.databaseUrl
    ? relayPokesThroughPostgres(notifier, config.databaseUrl, () => void clearShortCaches(handle.db, true))
    : undefined
  if (!relay && isWorker) relayThroughPrimary(notifier, handle.db)
  const server = createServer(listener)
  // A school's morning opens hundreds of connections at once: queue them rather than drop the SYNs,
  // which clients would retry only after 1, 3, 7 seconds.
  server.listen({ port: config.port, backlog: 2048 }, () => {
    if (!isWorker) banner()
  })

  function shutdown() {
    stopJobs()
    void relay?.stop()
    server.close(() => {
      void handle.close().then(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}
