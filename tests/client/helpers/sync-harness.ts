// The sync engine against the real server in-process, through a network the test controls: it can be
// offline, answer a 5xx without reaching the server, or lose the answer after the server committed.
// Every request is logged, so tests can say what reached the server and in which order.
import Dexie from 'dexie'
import { v7 as uuidv7 } from 'uuid'
import { vi } from 'vitest'
import { CLIENT_COLLECTIONS } from '#client/platform/sync/collections.ts'
import { closeLocalDb, createLocalDb, type LocalDb, localDb } from '#client/platform/sync/local-db.ts'
import { replayOutbox } from '#client/platform/sync/outbox.ts'
import { configureSync } from '#client/platform/sync/sync-config.ts'
import { stopSync } from '#client/platform/sync/sync-engine.ts'
import { setSyncStatus } from '#client/platform/sync/sync-status.ts'
import type { Post, PostInput } from '#shared/posts.schema.ts'
import type { SyncChange, SyncResponse } from '#shared/sync.ts'
import { userIdOf } from '#tests/server/helpers/http.ts'
import { createTestApp, type TestApp } from '#tests/server/helpers/test-app.ts'

export type Exchange = {
  method: string
  path: string
  /** The outbox item's id (Idempotency-Key), when it is an outbox write. */
  key?: string
  token?: string
  /** The JSON body sent, parsed. */
  body?: any
  /** offline: never left the device; injected: the network answered `status` itself; lost: the server
   * answered `status` but the device never saw it; answered: the device got `status` from the server. */
  outcome: 'offline' | 'injected' | 'lost' | 'answered'
  status?: number
  /** The JSON answer of a sync pull, for checking pages. */
  page?: SyncResponse
}

export type Fault = { status: number } | 'lose-answer' | 'network-error'

type Rule = { when: (exchange: Exchange) => boolean; fault: Fault; times: number }

export class Network {
  offline = false
  readonly log: Exchange[] = []
  private rules: Rule[] = []

  private readonly t: TestApp

  constructor(t: TestApp) {
    this.t = t
  }

  /** The next `times` requests matching `when` meet `fault`. */
  fail(fault: Fault, when: (exchange: Exchange) => boolean = () => true, times = 1): void {
    this.rules.push({ when, fault, times })
  }

  /** Requests that reached the server (whether or not the device saw the answer). */
  reached(method?: string, pathPrefix?: string): Exchange[] {
    return this.log.filter(
      (e) =>
        (e.outcome === 'answered' || e.outcome === 'lost') &&
        (!method || e.method === method) &&
        (!pathPrefix || e.path.startsWith(pathPrefix)),
    )
  }

  /** Writes (not pulls) that left the device, reached the server or not. */
  writes(): Exchange[] {
    return this.log.filter((e) => e.method !== 'GET' && e.outcome !== 'offline')
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input))
    const headers = (init?.headers ?? {}) as Record<string, string>
    const exchange: Exchange = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      key: headers['Idempotency-Key'],
      token: headers.Authorization?.replace(/^Bearer /, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      outcome: 'offline',
    }
    this.log.push(exchange)
    if (this.offline) throw new TypeError('fetch failed')
    const rule = this.rules.find((r) => r.times > 0 && r.when(exchange))
    if (rule) rule.times--
    const fault = rule?.fault
    if (fault === 'network-error') throw new TypeError('fetch failed')
    if (fault && typeof fault === 'object') {
      exchange.outcome = 'injected'
      exchange.status = fault.status
      return Response.json({ message: 'Service unavailable' }, { status: fault.status })
    }
    const response = await this.t.app.request(url.toString(), init)
    exchange.status = response.status
    if (fault === 'lose-answer') {
      exchange.outcome = 'lost'
      throw new TypeError('network connection lost')
    }
    exchange.outcome = 'answered'
    if (exchange.path.startsWith('/api/v1/sync') && response.ok) exchange.page = await response.clone().json()
    return response
  }
}

export type Harness = Awaited<ReturnType<typeof startHarness>>

/** A fresh seeded server, the engine pointed at it, and databases that are removed afterwards. */
export async function startHarness() {
  const t = await createTestApp()
  const net = new Network(t)
  let token: string | undefined
  configureSync({
    baseUrl: 'http://localhost',
    getToken: () => token,
    getLanguage: () => 'en',
    fetch: net.fetch,
  })
  setSyncStatus({ needsSignIn: false, storageFull: false, reloadRequired: false, pulling: false })
  // Time stands still unless a test moves it, so backoff delays can be checked exactly.
  vi.setSystemTime(new Date())
  const opened: Dexie[] = []

  return {
    t,
    net,
    get token() {
      return token
    },
    set token(value: string | undefined) {
      token = value
    },
    /** Signs in on the server and makes the engine use that token. */
    async signIn(email: string): Promise<string> {
      token = await t.login(email)
      return token
    },
    userId: (email: string) => userIdOf(t.db, email, 'demo'),
    /** A local database with a name of its own. */
    newDb(name = `test-${uuidv7()}`): LocalDb {
      const db = createLocalDb(name)
      opened.push(db)
      return db
    },
    track<T extends Dexie>(db: T): T {
      opened.push(db)
      return db
    },
    /** Lets time pass (the clock is frozen otherwise). */
    later(ms: number): void {
      vi.setSystemTime(new Date(Date.now() + ms))
    },
    /** The server's posts with this id, deleted or not. */
    serverPosts: (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).execute(),
    async serverPost(id: string, asToken = token): Promise<Post | undefined> {
      const res = await t.request('GET', `/api/v1/posts/${id}`, { token: asToken })
      return res.ok ? ((await res.json()) as Post) : undefined
    },
    /** A post written straight to the server (by another device). */
    async createServerPost(asToken: string, overrides: Partial<PostInput> = {}): Promise<Post> {
      const res = await t.request('POST', '/api/v1/posts', {
        token: asToken,
        json: {
          id: uuidv7(),
          title: 'Aviso',
          content: '<p>Texto del aviso.</p>',
          grades: ['all'],
          courses: ['all'],
          ...overrides,
        },
      })
      if (res.status !== 201) throw new Error(`creating a post answered ${res.status}: ${await res.text()}`)
      return (await res.json()) as Post
    },
    async courseId(name: string): Promise<number> {
      return (
        await t.db.selectFrom('courses').select('id').where('name', '=', name).executeTakeFirstOrThrow()
      ).id
    },
    async gradeId(name: string): Promise<number> {
      return (await t.db.selectFrom('grades').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id
    },
    /** What a user's mirror should hold: a full pull straight from the server, as `collection:id` keys. */
    async serverMirror(asToken: string): Promise<string[]> {
      const rows = new Map<string, SyncChange>()
      let since = ''
      for (;;) {
        const res = await t.request('GET', `/api/v1/sync?limit=2000${since ? `&since=${since}` : ''}`, {
          token: asToken,
        })
        const page = (await res.json()) as SyncResponse
        for (const change of page.changes) {
          const key = `${change.collection}:${change.id}`
          if (change.op === 'delete') rows.delete(key)
          else rows.set(key, change)
        }
        since = encodeURIComponent(page.cursor)
        if (!page.hasMore) return [...rows.keys()].sort()
      }
    },
    async stop(): Promise<void> {
      net.offline = true
      // A replay a test started and did not wait for must end before its database goes.
      const current = localDb()
      for (const db of current ? [current, ...opened] : opened)
        if (db.isOpen()) await replayOutbox(db as LocalDb).catch(() => undefined)
      stopSync()
      closeLocalDb()
      for (const db of opened) db.close()
      for (const info of await indexedDB.databases()) if (info.name) await Dexie.delete(info.name)
      setSyncStatus({ needsSignIn: false, storageFull: false, reloadRequired: false, pulling: false })
      vi.useRealTimers()
      vi.restoreAllMocks()
      await t.close()
    },
  }
}

/** The primary keys of one mirrored table, as strings. */
export async function ids(db: LocalDb, table: string): Promise<string[]> {
  return (await db.table(table).toCollection().primaryKeys()).map(String).sort()
}

/** Every mirrored row as `collection:id`, the way the server names them. */
export async function mirrorKeys(db: LocalDb): Promise<string[]> {
  const keys: string[] = []
  for (const collection of CLIENT_COLLECTIONS) {
    for (const id of await ids(db, collection.name)) keys.push(`${collection.name}:${id}`)
  }
  return keys.sort()
}
