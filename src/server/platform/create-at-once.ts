// A create on PostgreSQL as one statement: the row, its targets, what the feature adds (a post's
// pictures) and its audit row in writable CTEs that each read the row's insert, so a replay (its id
// taken) writes none of them. Sent as a transaction it was five round trips (`begin`, the row, its
// targets, the audit row, `commit`), and each costs a system call on both sides, more than the
// statements themselves (README, design notes, "Every round trip counts on PostgreSQL"). A single
// statement is its own transaction: its implicit commit takes the change number (migration 0016).
// SQLite, with no round trips to save, keeps the transaction (posts.service.ts, events.service.ts).
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type AuditEntry, auditRow } from './audit.ts'
import type { TargetRow } from './targets.ts'

/** `audit_log`'s columns that are not text: a value selected from the row's insert needs its type. */
const AUDIT_INTEGERS = new Set(['college_id', 'actor_id'])

export type CreateAtOnce = {
  /** The table of the row, and the row with its college. */
  table: 'posts' | 'events'
  row: Record<string, unknown> & { college_id: number }
  /** Its targets' table and the column naming the row there. */
  targets: { table: 'post_targets' | 'event_targets'; column: 'post_id' | 'event_id'; rows: TargetRow[] }
  /** Further steps, each `, name as (…)` reading the row's insert as `p` (its `id`). */
  steps?: RawBuilder<unknown>[]
  entry: AuditEntry
}

/** Whether `db` is PostgreSQL's, where `createAtOnce` is the way to create. */
export function createsAtOnce(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** Writes everything `create` names as one statement; false when the id was taken and nothing was written. */
export async function createAtOnce(db: Kysely<Database>, create: CreateAtOnce): Promise<boolean> {
  const { table, row, targets, steps = [], entry } = create
  const college = row.college_id
  const columns = (names: string[]) => sql.join(names.map((name) => sql.ref(name)))
  const audit = auditRow(entry)
  const targetsStep = targets.rows.length
    ? sql`, t as (
        insert into ${sql.table(targets.table)} (${sql.ref(targets.column)}, grade_id, course_id, college_id)
        select p.id, v.grade_id, v.course_id, ${college}::int from p,
          (values ${sql.join(targets.rows.map((t) => sql`(${t.grade_id}::int, ${t.course_id}::int)`))})
            as v (grade_id, course_id)
      )`
    : sql``
  const { rows } = await sql<{ written: number }>`
    with p as (
      insert into ${sql.table(table)} (${columns(Object.keys(row))})
      values (${sql.join(Object.values(row))})
      on conflict (id) do nothing
      returning id
    )${targetsStep}${sql.join(steps, sql``)}, a as (
      insert into audit_log (${columns(Object.keys(audit))})
      select ${sql.join(
        Object.entries(audit).map(([name, value]) =>
          AUDIT_INTEGERS.has(name) ? sql`${value}::int` : sql`${value}::text`,
        ),
      )} from p
    )
    select count(*)::int as written from p`.execute(db)
  return rows[0]!.written === 1
}
