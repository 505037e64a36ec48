// On PostgreSQL a write that takes its change number last gets it inside its commit (migration 0016),
// so the college's counter is never held while the server has yet to send that commit: other writers
// go on, the number still commits in order, each pending row gets a number of its own (its exits the
// same), and a write rolled back takes none.
import { type Kysely, sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema.ts'
import { PENDING_VERSION, stampVersion } from '#server/platform/sync-versions.ts'
import { createEvent } from './helpers/events.ts'
import { userIdOf } from './helpers/http.ts'
import { addNotifications } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'
import { within } from './helpers/within.ts'

let t: TestApp
let collegeId: number
let authorId: number
beforeAll(async () => {
  t = await createTestApp()
  authorId = await userIdOf(t.db, 'staff@demo.test')
  const author = await t.db
    .selectFrom('users')
    .select('college_id')
    .where('id', '=', authorId)
    .executeTakeFirst()
  collegeId = author!.college_id!
})
afterAll(() => t.close())

/** A post row as a write leaves it before its number: PENDING_VERSION. */
async function pendingPost(trx: Kysely<Database>, title: string): Promise<string> {
  const id = uuidv7()
  const now = new Date().toISOString()
  await trx
    .insertInto('posts')
    .values({
      id,
      college_id: collegeId,
      author_id: authorId,
      category_id: null,
      title,
      content: `<p>${title}</p>`,
      publish_at: now,
      announced: 1,
      version: PENDING_VERSION,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

const counter = async () =>
  Number(
    (
      await t.db
        .selectFrom('sync_counters')
        .select('value')
        .where('college_id', '=', collegeId)
        .executeTakeFirstOrThrow()
    ).value,
  )

const versionOf = async (table: 'posts' | 'notifications', id: string) =>
  Number(
    (await t.db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version,
  )

describe('change numbers taken at the commit on PostgreSQL', () => {
  it('a write stamped and not yet committed holds up no other writer, and its number comes after theirs', async () => {
    const guardianId = await userIdOf(t.db, 'guardian@demo.test')
    let meanwhile: string | undefined
    const id = await t.db.transaction().execute(async (trx) => {
      const id = await pendingPost(trx, 'Escrita antes, guardada después')
      await stampVersion(trx, collegeId, 'posts')
      // Before 0016 the stamp locked the counter until this commit: this write waited for it.
      ;[meanwhile] = await within(2_000, addNotifications(t, guardianId, ['Entre medio']), 'the other write')
      return id
    })
    const [post, notification] = [await versionOf('posts', id), await versionOf('notifications', meanwhile!)]
    expect(post).toBeGreaterThan(notification)
    expect(post).toBe(await counter())
  })

  it('gives each pending row a number of its own in the order written, its exits the same, and a rolled-back write none', async () => {
    const before = await counter()
    const ids = await t.db.transaction().execute(async (trx) => {
      const ids = [await pendingPost(trx, 'Primera'), await pendingPost(trx, 'Segunda')]
      await trx
        .insertInto('sync_exits')
        .values({
          college_id: collegeId,
          collection: 'posts',
          row_id: ids[0]!,
          version: PENDING_VERSION,
          published: 1,
          grade_id: null,
          course_id: null,
          user_id: null,
        })
        .execute()
      // Written twice: still one number.
      await trx
        .updateTable('posts')
        .set({ title: 'Primera, corregida', version: PENDING_VERSION })
        .where('id', '=', ids[0]!)
        .execute()
      await stampVersion(trx, collegeId, 'posts', { exits: true })
      return ids
    })
    expect(await counter()).toBe(before + 2)
    expect([await versionOf('posts', ids[0]!), await versionOf('posts', ids[1]!)]).toEqual([
      before + 1,
      before + 2,
    ])
    const exit = await t.db
      .selectFrom('sync_exits')
      .select('version')
      .where('row_id', '=', ids[0]!)
      .executeTakeFirstOrThrow()
    expect(Number(exit.version)).toBe(before + 1)

    let dropped = ''
    await expect(
      t.db.transaction().execute(async (trx) => {
        dropped = await pendingPost(trx, 'Nunca guardada')
        await stampVersion(trx, collegeId, 'posts')
        throw new Error('given up')
      }),
    ).rejects.toThrow('given up')
    expect(await counter()).toBe(before + 2)
    expect(
      await t.db.selectFrom('posts').select('id').where('id', '=', dropped).executeTakeFirst(),
    ).toBeUndefined()
  })

  it('leaves no committed row pending in any table whose writes take their number last', async () => {
    // The demo wrote posts, events, local businesses and banners this way, and an event is written here.
    const staff = await t.login('staff@demo.test')
    await createEvent(t, staff, { name: 'Con número' })
    for (const table of ['posts', 'events', 'pymes', 'banners'] as const) {
      const { rows } = await sql<{ written: number; pending: number }>`
        select count(*)::int as written, count(*) filter (where version = ${PENDING_VERSION})::int as pending
        from ${sql.table(table)}`.execute(t.db)
      expect({ table, ...rows[0] }).toEqual({ table, written: expect.any(Number), pending: 0 })
      expect(rows[0]!.written).toBeGreaterThan(0)
    }
  })
})
