// A fresh database (SQLite file or a new PostgreSQL database), migrated and seeded with the demo,
// and the real app called over HTTP through app.request.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '#server/app.ts'
import { type Config, loadConfig, storageFor } from '#server/config.ts'
import { type DbHandle, openPostgres, openSqlite } from '#server/db/connection.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { ensureReferenceData } from '#server/db/reference-data.ts'
import { DEMO_PASSWORD, seedDemo } from '#server/db/seed.ts'
import { loadCatalogs } from '#server/platform/i18n.ts'
import { scratchDatabase } from './server-process.ts'

export type RequestOptions = {
  host?: string
  token?: string
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
}

async function createPostgresDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error(
      'TEST_DIALECT=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test)',
    )
  const database = await scratchDatabase('college_test')
  const handle = openPostgres(database.url)
  return {
    handle,
    drop: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

export async function createTestApp(overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'college-test-'))
  const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
  const { handle, drop } =
    dialect === 'postgres'
      ? await createPostgresDatabase()
      : (() => {
          const h = openSqlite(join(dataDir, 'app.db'))
          return { handle: h, drop: () => h.close() }
        })()
  await migrateToLatest(handle.db)
  await ensureReferenceData(handle.db)
  const config = loadConfig(
    { ...process.env, LOG_REQUESTS: '0', DATA_DIR: dataDir },
    { dataDir, appKey: randomBytes(32), logRequests: false, ...overrides },
  )
  // `DATA_DIR/uploads`, or the S3-compatible store a test names with `s3`.
  const storage = storageFor(config)
  await seedDemo(handle.db, storage)
  loadCatalogs()
  const app = createApp({ db: handle.db, dialect: handle.dialect, config, storage })

  async function request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body = options.body
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    return app.request(`http://${options.host ?? 'localhost'}${path}`, { method, headers, body })
  }

  async function login(email: string, host = 'localhost', password = DEMO_PASSWORD): Promise<string> {
    const res = await request('POST', '/api/login-mobile', { host, json: { email, password } })
    if (res.status !== 200)
      throw new Error(`login of ${email} on ${host} failed: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { token: string }).token
  }

  async function close() {
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  return { app, db: handle.db, dialect: handle.dialect, config, storage, dataDir, request, login, close }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
