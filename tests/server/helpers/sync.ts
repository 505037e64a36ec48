// Sync pulls as a client makes them: one page, or every page with the protocol's invariants checked on
// the way; and notifications written the way the server writes them (with a change number).
import { v7 as uuidv7 } from 'uuid'
import { expect } from 'vitest'
import { decodeSyncCursor } from '#server/features/sync/sync-cursor.ts'
import { syncSources } from '#server/platform/sync-registry.ts'
import { takeVersions } from '#server/platform/sync-versions.ts'
import type { SyncChange, SyncResponse } from '#shared/sync.ts'
import { EN } from './http.ts'
import type { TestApp } from './test-app.ts'

export async function pull(
  t: TestApp,
  token: string,
  options: { since?: string; limit?: number | string; host?: string } = {},
) {
  const query = new URLSearchParams()
  if (options.since !== undefined) query.set('since', options.since)
  if (options.limit !== undefined) query.set('limit', String(options.limit))
  const res = await t.request('GET', `/api/v1/sync?${query}`, {
    token,
    host: options.host,
    headers: EN,
  })
  return { res, page: (await res.json()) as SyncResponse }
}

export type PullResult = { changes: SyncChange[]; cursor: string; pages: number }

/**
 * Pulls page after page until hasMore is false, checking on the way that no page is bigger than the
 * limit, no page resets, each page is in change-number order, and pages follow one another as the
 * protocol says: a mirror filling from zero gets the lookup lists, then the rest newest first, each
 * page older than the one before; one catching up gets everything oldest first. No change number
 * comes twice.
 */
export async function pullAll(
  t: TestApp,
  token: string,
  options: { since?: string; limit?: number; host?: string } = {},
): Promise<PullResult> {
  const changes: SyncChange[] = []
  let since = options.since
  let pages = 0
  const from = decodeSyncCursor(since)
  const newestFirst = !from || from.version < 0 || from.walk !== undefined
  const lookups = new Set(syncSources().flatMap((s) => (s.lookup ? [s.collection] : [])))
  // In a first sync, the lookup lists come first, oldest first; the rest follows newest first.
  const ordered = (list: SyncChange[]) =>
    list.filter((c) => !newestFirst || !lookups.has(c.collection)).map((c) => c.version)
  for (;;) {
    const { res, page } = await pull(t, token, { ...options, since })
    expect(res.status).toBe(200)
    expect(page.reset).toBe(false)
    if (options.limit) expect(page.changes.length).toBeLessThanOrEqual(options.limit)
    const versions = page.changes.map((c) => c.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    const [now, before] = [ordered(page.changes), ordered(changes)]
    if (now.length && before.length) {
      if (newestFirst) expect(Math.max(...now)).toBeLessThan(Math.min(...before))
      else expect(Math.min(...now)).toBeGreaterThan(Math.max(...before))
    }
    if (newestFirst && changes.some((c) => !lookups.has(c.collection)))
      expect(page.changes.filter((c) => lookups.has(c.collection))).toEqual([])
    changes.push(...page.changes)
    since = page.cursor
    pages += 1
    if (pages > 500) throw new Error('the pull never ended')
    if (!page.hasMore) break
    expect(page.changes.length).toBeGreaterThan(0)
  }
  const versions = changes.map((c) => c.version)
  expect(new Set(versions).size).toBe(versions.length)
  return { changes, cursor: since!, pages }
}

/** The latest state of each row after applying the changes in order, as a mirror would. */
export function mirrorOf(changes: SyncChange[]): Map<string, SyncChange> {
  const rows = new Map<string, SyncChange>()
  for (const change of changes) {
    const key = `${change.collection}:${change.id}`
    if (change.op === 'delete') rows.delete(key)
    else rows.set(key, change)
  }
  return rows
}

export const putIds = (changes: SyncChange[], collection: SyncChange['collection']) =>
  changes.filter((c) => c.collection === collection && c.op === 'put').map((c) => c.id)

export const deleteIds = (changes: SyncChange[], collection: SyncChange['collection']) =>
  changes.filter((c) => c.collection === collection && c.op === 'delete').map((c) => c.id)

/** Notifications for one user, written in one transaction with consecutive change numbers. */
export async function addNotifications(
  t: TestApp,
  userId: number,
  titles: string[],
  createdAt = new Date().toISOString(),
): Promise<string[]> {
  const { college_id } = await t.db
    .selectFrom('users')
    .select('college_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const ids = titles.map(() => uuidv7())
  await t.db.transaction().execute(async (trx) => {
    const first = await takeVersions(trx, college_id!, titles.length)
    await trx
      .insertInto('notifications')
      .values(
        titles.map((title, i) => ({
          id: ids[i]!,
          college_id: college_id!,
          user_id: userId,
          title,
          content: `${title}.`,
          scope: 'user',
          emergency: 0,
          read_at: null,
          created_at: createdAt,
          version: first + i,
        })),
      )
      .execute()
  })
  return ids
}
