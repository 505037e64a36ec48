// `npm start`: builds the client when missing, migrates, seeds the demo once, and serves on PORT.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createAdaptorServer } from '@hono/node-server'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/connection.ts'
import { migrateToLatest } from './db/migrate.ts'
import { ensureReferenceData } from './db/reference-data.ts'
import { DEMO_COLLEGES, DEMO_PASSWORD, PLATFORM_OWNER, seedDemo } from './db/seed.ts'
import { scheduleFeeReminders } from './features/payments/fee-reminders.ts'
import { loadCatalogs } from './platform/i18n.ts'
import { startJobWorker } from './platform/jobs.ts'
import { notifier } from './platform/live.ts'
import { relayPokesThroughPostgres } from './platform/live-relay.ts'
import { logger } from './platform/logger.ts'
import { prepareDummyHash } from './platform/passwords.ts'
import { clearShortCaches } from './platform/short-cache.ts'
import { localStorage } from './platform/storage.ts'

const config = loadConfig()

if (!existsSync(join(config.distDir, 'index.html'))) {
  logger.info('building the client (dist/ is missing); this takes a minute the first time')
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) {
    logger.error('the client build failed; the API still starts')
  }
}

loadCatalogs()
const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(handle.db)
await ensureReferenceData(handle.db)
const storage = localStorage(join(config.dataDir, 'uploads'))
if (process.env.SEED !== '0') await seedDemo(handle.db, storage)

const app = createApp({ db: handle.db, dialect: handle.dialect, config, storage })
await prepareDummyHash()
// Push fan-out and mail run beside the requests; on PostgreSQL every server takes its share of jobs.
await scheduleFeeReminders(handle.db)
const stopJobs = startJobWorker({ db: handle.db, dialect: handle.dialect, config, storage })
// Several servers share one PostgreSQL: pokes made through one reach the tabs of all.
// Writes too: each server forgets the colleges and sessions it kept when another makes one.
const relay = config.databaseUrl
  ? relayPokesThroughPostgres(notifier, config.databaseUrl, () => clearShortCaches(handle.db, true))
  : undefined
const server = createAdaptorServer({ fetch: app.fetch })
// A school's morning opens hundreds of connections at once: queue them rather than drop the SYNs,
// which clients would retry only after 1, 3, 7 seconds.
server.listen({ port: config.port, backlog: 2048 }, () => {
  const lines = [
    '',
    `  College app running on http://localhost:${config.port}  (database: ${handle.dialect})`,
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
