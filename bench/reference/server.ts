// The hand-written reference: plain node:http doing the same work as the app for each recorded request
// (REFERENCE_RECORDINGS, from record.ts). It runs the app's own SQL with the same values through
// statements prepared once (a named statement per text on PostgreSQL), serialises an answer of the same
// shape and bytes, and sends it with the app's headers, compressed at the app's level as the request asks.
// Nothing else: no routing framework, no middleware, no validation. It is the limit of this machine for
// that work, which the app is measured against.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'
import { analyze, numbersForInt8, withSearchKey } from '../../src/server/db/connection.ts'
import { limitWritten } from '../../src/server/db/pg-stable-plans.ts'
import { stablePlanSql } from '../../src/server/db/sqlite-stable-plans.ts'
import {
  COMPRESS_MIN_BYTES,
  compress,
  isCompressible,
  preferredEncoding,
} from '../../src/server/platform/compression.ts'
import { jsonBytes } from '../../src/server/platform/json-bytes.ts'
import { listenUntilStopped } from '../lib/serve.ts'
import { type Recording, recordingKey, type Statement } from './recording.ts'

/** Past this, an answer is made as the app makes its largest ones: a piece at a time. */
const LARGE_ANSWER_CHARS = 64 * 1024

const recordings = JSON.parse(readFileSync(process.env.REFERENCE_RECORDINGS!, 'utf8')) as Recording[]
const routes = new Map(
  recordings.map((r) => [
    recordingKey(new URL(r.url).pathname + new URL(r.url).search, r.headers),
    { ...r, answer: JSON.parse(r.body) as unknown, large: r.body.length > LARGE_ANSWER_CHARS },
  ]),
)

type Runner = (statements: Statement[]) => Promise<void>

function sqliteRunner(file: string): Runner {
  const sqlite = withSearchKey(new SqliteDatabase(file))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  // As the app: the averages per index, no samples, and the parameters SQLite would plan by made
  // opaque, so plans do not depend on the values bound and a statement prepared once is not prepared
  // again at every run.
  analyze(sqlite, 'optimize = 0x10002')
  const prepared = new Map<string, SqliteDatabase.Statement>()
  return async (statements) => {
    for (const { sql, values } of statements) {
      let statement = prepared.get(sql)
      if (!statement) {
        statement = sqlite.prepare(stablePlanSql(sql))
        prepared.set(sql, statement)
      }
      if (statement.reader) statement.all(values)
      else statement.run(values)
    }
  }
}

function postgresRunner(url: string): Runner {
  // `bigint` read as numbers, as the app reads it: the same parsing of the same rows.
  const pool = new pg.Pool({ connectionString: url, max: 10, types: numbersForInt8 })
  const names = new Map<string, string>()
  const nameOf = (sql: string) => {
    if (/^\s*(begin|commit|rollback)\b/i.test(sql)) return undefined
    let name = names.get(sql)
    if (!name) {
      name = `r${names.size + 1}`
      names.set(sql, name)
    }
    return name
  }
  return async (statements) => {
    const client = await pool.connect()
    try {
      for (const statement of statements) {
        // As the app's connections send it: a page's limit written into the text, planned once.
        const { text, values } = limitWritten(statement.sql, statement.values)
        const name = nameOf(text)
        await (name ? client.query({ name, text, values: [...values] }) : client.query(text, [...values]))
      }
    } finally {
      client.release()
    }
  }
}

const run = process.env.DATABASE_URL
  ? postgresRunner(process.env.DATABASE_URL)
  : sqliteRunner(join(process.env.DATA_DIR!, 'app.db'))

async function answer(req: IncomingMessage) {
  const route = routes.get(recordingKey(req.url ?? '', req.headers as Record<string, string>))
  if (!route) return { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') }
  await run(route.statements)
  // A large answer as the app makes its sync pages (json-bytes.ts), a small one in one piece.
  let body: Buffer = route.large ? jsonBytes(route.answer) : Buffer.from(JSON.stringify(route.answer))
  const headers: Record<string, string | number> = { ...route.answerHeaders }
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  if (
    encoding &&
    body.byteLength >= COMPRESS_MIN_BYTES &&
    isCompressible(route.answerHeaders['content-type'])
  ) {
    body = await compress(body, encoding)
    headers['content-encoding'] = encoding
  }
  headers['content-length'] = body.byteLength
  return { status: route.status, headers, body }
}

const server = createServer((req, res) => {
  if (req.url === '/ready') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 }).end('ok')
    return
  }
  answer(req).then(
    ({ status, headers, body }) => res.writeHead(status, headers).end(body),
    (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
  )
})

listenUntilStopped(server, 'reference server', 3200)
