// The server killed with SIGKILL in the middle of a burst of writes, then started again on the same
// data: every write it acknowledged is there, and the database's own integrity check is clean.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withSearchKey } from '#server/db/connection.ts'
import { freePort, scratchDatabase } from './helpers/server-process.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
let dataDir: string
let databaseUrl: string | undefined
let database: { drop: () => Promise<void> } | undefined
let port: number
let server: ChildProcess | undefined

async function start(): Promise<void> {
  server = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // A stand-in for the built client, so the server does not build one.
      DIST_DIR: join(dataDir, 'dist'),
      LOG_REQUESTS: '0',
      APP_KEY: randomBytes(32).toString('base64'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: 'ignore',
  })
  for (let i = 0; i < 300; i++) {
    try {
      if (
        (
          await fetch(`http://127.0.0.1:${port}/api/colleges/domain`, {
            method: 'POST',
            headers: { host: 'localhost' },
          })
        ).ok
      )
        return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not start')
}

async function api(path: string, init: RequestInit = {}, token?: string) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    ...init,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  })
}

async function signIn(email: string): Promise<string> {
  const res = await api('/api/login-mobile', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'demo12345' }),
  })
  return ((await res.json()) as { token: string }).token
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'college-crash-'))
  mkdirSync(join(dataDir, 'dist'))
  writeFileSync(
    join(dataDir, 'dist', 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>x</title></head><body></body></html>',
  )
  if (dialect === 'postgres') {
    const scratch = await scratchDatabase('college_crash')
    database = scratch
    databaseUrl = scratch.url
  }
  port = await freePort()
})

afterAll(async () => {
  server?.kill('SIGKILL')
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe(`a crash under write load (${dialect})`, () => {
  it('loses no acknowledged write and leaves the database consistent', { timeout: 90_000 }, async () => {
    await start()
    const token = await signIn('staff@demo.test')
    const acknowledged: string[] = []
    let stop = false
    const writer = async () => {
      while (!stop) {
        const id = uuidv7()
        try {
          const res = await api(
            '/api/v1/posts',
            {
              method: 'POST',
              body: JSON.stringify({
                id,
                title: 'Under load',
                content: '<p>x</p>',
                grades: ['all'],
                courses: ['all'],
              }),
            },
            token,
          )
          if (res.status === 201 || res.status === 200) acknowledged.push(id)
        } catch {
          return // the server is gone
        }
      }
    }
    const writers = Array.from({ length: 8 }, writer)
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20))
    server!.kill('SIGKILL')
    await new Promise((resolve) => server!.once('exit', resolve))
    stop = true
    await Promise.all(writers)

    await start()
    const after = await signIn('staff@demo.test')
    const missing: string[] = []
    for (const id of acknowledged)
      if ((await api(`/api/v1/posts/${id}`, {}, after)).status !== 200) missing.push(id)
    expect(acknowledged.length).toBeGreaterThanOrEqual(40)
    expect(missing).toEqual([])

    // Every change number the posts carry was handed out by the counter (none reused after restart).
    const fresh = uuidv7()
    expect(
      (
        await api(
          '/api/v1/posts',
          {
            method: 'POST',
            body: JSON.stringify({
              id: fresh,
              title: 'After',
              content: '<p>x</p>',
              grades: ['all'],
              courses: ['all'],
            }),
          },
          after,
        )
      ).status,
    ).toBe(201)

    if (dialect === 'sqlite') {
      // The check reads every index, those on search_key() too, as the server's own connection does.
      const db = withSearchKey(new SqliteDatabase(join(dataDir, 'app.db'), { readonly: true }))
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const { top, counter } = db
        .prepare(
          'SELECT (SELECT MAX(version) FROM posts) AS top, (SELECT MAX(value) FROM sync_counters) AS counter',
        )
        .get() as { top: number; counter: number }
      expect(top).toBeLessThanOrEqual(counter)
      expect(
        (
          db
            .prepare(
              'SELECT COUNT(*) AS n FROM (SELECT version FROM posts GROUP BY college_id, version HAVING COUNT(*) > 1)',
            )
            .get() as { n: number }
        ).n,
      ).toBe(0)
      db.close()
    } else {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query('CREATE EXTENSION IF NOT EXISTS amcheck')
      // Every B-tree index checked against its table (heapallindexed): an error here fails the test.
      const indexes = await client.query(
        "SELECT c.oid::regclass AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.amname = 'btree' AND n.nspname = 'public'",
      )
      for (const { name } of indexes.rows)
        await client.query('SELECT bt_index_check($1::regclass, true)', [name])
      expect(indexes.rows.length).toBeGreaterThan(10)
      const { rows } = await client.query(
        'SELECT (SELECT MAX(version) FROM posts) AS top, (SELECT MAX(value) FROM sync_counters) AS counter',
      )
      expect(Number(rows[0].top)).toBeLessThanOrEqual(Number(rows[0].counter))
      const dupes = await client.query(
        'SELECT version FROM posts GROUP BY college_id, version HAVING COUNT(*) > 1',
      )
      expect(dupes.rows).toEqual([])
      await client.end()
    }
  })
})
