// Change numbers on PostgreSQL, where a college's writers run side by side: a write takes its number as
// its last step, so a write held up by something else neither holds up the other writers nor commits
// a number below one a mirror has already passed.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEvent } from './helpers/events.ts'
import { userIdOf } from './helpers/http.ts'
import { createPost } from './helpers/posts.ts'
import { addNotifications, pullAll } from './helpers/sync.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'
import { within } from './helpers/within.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// The writes that take their number last, each as a staff member sends it.
const writers = [
  ['a post', (token: string) => createPost(t, token, { title: 'Escrito despacio' })],
  ['an event', (token: string) => createEvent(t, token, { name: 'Escrito despacio' })],
] as const

describe('change numbers on PostgreSQL', () => {
  it.each(writers)(
    'a %s held up mid-write blocks no other write, and no pull passes it by',
    async (_, write) => {
      const staff = await t.login('staff@demo.test')
      const guardian = await t.login('guardian@demo.test')
      const guardianId = await userIdOf(t.db, 'guardian@demo.test')
      const { cursor: start } = await pullAll(t, guardian)

      // Another session holds the audit log, so the write's transaction stops at its audit row.
      const release = Promise.withResolvers<void>()
      const held = Promise.withResolvers<void>()
      const holder = t.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn)
        await sql`lock table audit_log in exclusive mode`.execute(conn)
        held.resolve()
        await release.promise
        await sql`commit`.execute(conn)
      })
      try {
        await held.promise
        const writing = write(staff)
        await within(
          10_000,
          (async () => {
            for (;;) {
              const { rows } = await sql<{
                n: number
              }>`select count(*)::int as n from pg_locks where not granted`.execute(t.db)
              if (rows[0]!.n > 0) return
              await new Promise((r) => setTimeout(r, 20))
            }
          })(),
          'the write reaching the audit log',
        )
        // A notification written meanwhile takes its number and commits at once.
        const [notification] = await within(
          2_000,
          addNotifications(t, guardianId, ['Entre medio']),
          'the notification',
        )
        const first = await pullAll(t, guardian, { since: start })
        expect(first.changes.map((c) => c.id)).toEqual([notification])

        release.resolve()
        await holder
        const written = await writing
        const second = await pullAll(t, guardian, { since: first.cursor })
        expect(second.changes.map((c) => c.id)).toEqual([written.id])
      } finally {
        release.resolve()
        await holder.catch(() => undefined)
      }
    },
  )
})
