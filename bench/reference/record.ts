// `node bench/reference/record.ts '<requests JSON>'`, with the app's DATA_DIR / DATABASE_URL: runs each
// request through the app itself, in this process, and prints what the hand-written reference server
// needs to do the same work: the SQL statements the app ran for it, with their values, and the answer.
// Each request is made three times and the third is kept, so the app's short caches (the college by
// host, the session) are as warm as under load, and the reference runs only what the app still runs.
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, type Dialect as KyselyDialect, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { createApp } from '../../src/server/app.ts'
import { loadConfig, storageFor } from '../../src/server/config.ts'
import { withSearchKey } from '../../src/server/db/connection.ts'
import type { Database } from '../../src/server/db/schema.ts'
import { loadCatalogs } from '../../src/server/platform/i18n.ts'
import type { RecordedRequest, Recording, Statement } from './recording.ts'

const requests = JSON.parse(process.argv[2] ?? '[]') as RecordedRequest[]
const config = loadConfig()
loadCatalogs()

let statements: Statement[] = []
const log = (event: LogEvent) => {
  if (event.level === 'error') throw event.error
  statements.push({ sql: event.query.sql, values: [...event.query.parameters] })
}
const postgres = Boolean(config.databaseUrl)
const pool = postgres ? new pg.Pool({ connectionString: config.databaseUrl, max: 1 }) : undefined
const dialect: KyselyDialect = pool
  ? new PostgresDialect({ pool })
  : new SqliteDialect({ database: withSearchKey(new SqliteDatabase(join(config.dataDir, 'app.db'))) })
const db = new Kysely<Database>({ dialect, log })
const app = createApp({ db, dialect: postgres ? 'postgres' : 'sqlite', config, storage: storageFor(config) })

const recordings: Recording[] = []
for (const request of requests) {
  let res: Response | undefined
  for (let round = 0; round < 3; round++) {
    statements = []
    res = await app.request(request.url, { headers: { host: new URL(request.url).host, ...request.headers } })
    await res.clone().arrayBuffer()
  }
  const ran = statements
  statements = []
  const answerHeaders: Record<string, string> = {}
  res!.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-encoding') answerHeaders[name] = value
  })
  // The plain body: the reference compresses it itself, at the app's level, as the request asks.
  const plain = await app.request(request.url, {
    headers: { host: new URL(request.url).host, ...request.headers, 'accept-encoding': 'identity' },
  })
  recordings.push({
    ...request,
    statements: ran,
    status: res!.status,
    answerHeaders,
    body: await plain.text(),
  })
}
await db.destroy()
process.stdout.write(`${JSON.stringify(recordings)}\n`)
