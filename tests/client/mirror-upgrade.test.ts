// A device keeps its mirror across app updates: one made by any earlier version of the app opens with
// every table of this one, keeps what the person wrote and has not sent (the outbox) and what it
// mirrored, and pulls again from the start when a collection joined sync since (its cursor dropped).
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, expect, it } from 'vitest'
import { COMPLETE_KEY, CURSOR_KEY, createLocalDb, type LocalDb } from '#client/platform/sync/local-db.ts'

let db: LocalDb | undefined
afterEach(async () => {
  await db?.delete()
  db = undefined
})

/** The mirror's tables as each version of the app declared them, from the first. */
const EARLIER: Record<string, string | null>[] = [
  {
    posts: 'id, publish_at, [category_id+publish_at], _sync',
    post_categories: 'id, slug',
    post_reads: 'id',
    notifications: 'id, created_at',
    grades: 'id, position',
    courses: 'id, grade_id',
    outbox: '++seq, &id, state, record',
    blobs: 'id',
    meta: 'key',
  },
  { events: 'id, starts_at, ends_at, _sync', event_categories: 'id' },
  { conversations: 'id, last_message_at', messages: 'id, [conversation_id+created_at], _sync' },
  {
    documents: 'id, category_id, published_on',
    document_categories: 'id, parent_id',
    document_opens: 'id',
    pinned_documents: 'id',
  },
  { fees: 'id, end_date', payments: 'id, fee_id, student_id' },
  { processes: 'id, starts_on, ends_on' },
  { pymes: 'id, category_id', pyme_categories: 'id, position', banners: 'id, placement' },
  {},
]

/** A mirror left by the app at `version`, holding a post, a notification read, an unsent post and its cursor. */
async function mirrorOfVersion(name: string, version: number) {
  const old = new Dexie(name)
  for (let v = 1; v <= version; v++) old.version(v).stores(EARLIER[v - 1]!)
  await old.open()
  await old.table('posts').put({ id: 'p1', publish_at: '2026-03-01T10:00:00Z', category_id: 1, _sync: 0 })
  await old
    .table('notifications')
    .put({ id: 'n1', created_at: '2026-03-02T10:00:00Z', read_at: '2026-03-02T11:00:00Z' })
  await old.table('outbox').put({ id: 'o1', state: 'pending', record: 'p2', kind: 'post.create' })
  await old.table('meta').put({ key: CURSOR_KEY, value: 'c42' })
  old.close()
}

for (let version = 1; version <= EARLIER.length; version++) {
  it(`opens a mirror of version ${version} with every table, keeping its rows and its unsent writes`, async () => {
    const name = `mirror-upgrade-${version}`
    await mirrorOfVersion(name, version)
    db = createLocalDb(name)
    await db.open()
    expect(db.verno).toBe(9)
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [...new Set(EARLIER.flatMap((tables) => Object.keys(tables)))].sort(),
    )
    expect(await db.posts.get('p1')).toMatchObject({ category_id: 1 })
    expect(await db.outbox.where('id').equals('o1').count()).toBe(1)
    // The menu's unread count reads the read ones by their index, added last.
    expect(await db.notifications.where('read_at').above('').count()).toBe(1)
    // Before version 7 a collection joined sync since: the next pull starts from the beginning, and the
    // mirror is not complete until it has. At version 7 the cursor stays and says the mirror is complete
    // (version 8 keeps that in its own flag, which this one had not set yet).
    const cursor = (await db.meta.get(CURSOR_KEY))?.value
    const complete = (await db.meta.get(COMPLETE_KEY))?.value === true
    if (version < 7) expect([cursor, complete]).toEqual([undefined, false])
    else expect([cursor, complete]).toEqual(['c42', version === 7])
    // Every table takes rows.
    await db.pymes.put({ id: 'y1', category_id: 1 } as never)
    await db.events.put({ id: 'e1', starts_at: '2026-03-01', ends_at: '2026-03-01' } as never)
    expect(await db.pymes.count()).toBe(1)
  })
}
