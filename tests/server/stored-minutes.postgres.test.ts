// On PostgreSQL the statistics' medians read each time's minutes from the index beside the time
// (migration 0015), not from the ISO text parsed again at each request: `iso_minutes` reads the app's
// texts as PostgreSQL reads them, and the dashboard names a stored time's minutes (`storedMinuteOf`)
// exactly as the indexes hold them, which is what lets the planner take them from the index.
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/schema.ts'
import { storedMinuteOf } from '#server/features/statistics/statistics-sql.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** The expressions an index holds beside its plain columns, as PostgreSQL writes them. */
async function expressionsOf(db: Kysely<Database>, index: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select pg_get_indexdef(i.indexrelid, k, true) as column
    from pg_index i, generate_series(1, i.indnatts) k
    where i.indexrelid = ${index}::regclass
  `.execute(db)
  return rows.map((r) => r.column).filter((column) => column.includes('('))
}

/** How the dashboard names a stored time's minutes, as an index would write it. */
const minutesOf = (db: Kysely<Database>, column: string) =>
  sql`${storedMinuteOf('postgres', sql.ref(column))}`.compile(db).sql.replaceAll('"', '')

describe('minutes of stored times on PostgreSQL', () => {
  it('reads the app’s times as PostgreSQL reads them, with or without a fraction of a second', async () => {
    const times = [
      '2026-11-30T08:15:42.123Z',
      '2026-11-30T08:15:42Z',
      '2024-02-29T23:59:59.999Z',
      '2025-12-31T23:59:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
    ]
    for (const time of times) {
      const { rows } = await sql<{ ours: number; theirs: number }>`
        select iso_minutes(${time}) as ours, date_part('epoch', cast(${time} as timestamp)) / 60 as theirs
      `.execute(t.db)
      expect(rows[0]!.ours, time).toBeCloseTo(rows[0]!.theirs, 9)
    }
    const { rows } = await sql<{ none: number | null }>`select iso_minutes(null) as none`.execute(t.db)
    expect(rows[0]!.none).toBeNull()
  })

  // The planner reads a value from an index only when the query names it as the index does.
  it('keeps in the notifications’ index the minutes of each time the medians read, named as the dashboard names them', async () => {
    expect(await expressionsOf(t.db, 'notifications_college_kind_created')).toEqual([
      minutesOf(t.db, 'created_at'),
      minutesOf(t.db, 'read_at'),
      minutesOf(t.db, 'answered_at'),
    ])
  })

  it('keeps in the post reads’ index the minutes of each read, named as the dashboard names them', async () => {
    expect(await expressionsOf(t.db, 'post_reads_post_user_read')).toEqual([minutesOf(t.db, 'read_at')])
  })
})
