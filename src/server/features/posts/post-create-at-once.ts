// A post's create on PostgreSQL as one statement: the post, its targets, its pictures and its audit row
// in writable CTEs that each read the post's insert, so a replay (its id taken) writes none of them.
// Sent as a transaction it was five round trips (`begin`, the post, its targets, the audit row,
// `commit`), and each costs a system call on both sides, more than the statements themselves (README,
// design notes, "Every round trip counts on PostgreSQL"). A single statement is its own transaction:
// its implicit commit takes the change number (migration 0016). SQLite, with no round trips to save,
// keeps the transaction (posts.service.ts).
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type AuditEntry, auditRow } from '../../platform/audit.ts'
import type { TargetRow } from '../../platform/targets.ts'

/** `audit_log`'s columns that are not text: a value selected from the post's insert needs its type. */
const AUDIT_INTEGERS = new Set(['college_id', 'actor_id'])

/**
 * Writes the post (`row`, with its college), its targets, its pictures in this order and `entry` as
 * one statement; false when the id was taken already and nothing was written.
 */
export async function createPostAtOnce(
  db: Kysely<Database>,
  row: Record<string, unknown> & { college_id: number },
  targets: TargetRow[],
  imageIds: string[],
  entry: AuditEntry,
): Promise<boolean> {
  const college = row.college_id
  const columns = (names: string[]) => sql.join(names.map((name) => sql.ref(name)))
  const audit = auditRow(entry)
  const targetsStep = targets.length
    ? sql`, t as (
        insert into post_targets (post_id, grade_id, course_id, college_id)
        select p.id, v.grade_id, v.course_id, ${college}::int from p,
          (values ${sql.join(targets.map((t) => sql`(${t.grade_id}::int, ${t.course_id}::int)`))})
            as v (grade_id, course_id)
      )`
    : sql``
  const imagesStep = imageIds.length
    ? sql`, i as (
        update post_images set post_id = p.id, position = v.position
        from p, (values ${sql.join(imageIds.map((id, position) => sql`(${id}::text, ${position}::int)`))})
          as v (id, position)
        where post_images.college_id = ${college}::int and post_images.id = v.id
      )`
    : sql``
  const { rows } = await sql<{ written: number }>`
    with p as (
      insert into posts (${columns(Object.keys(row))})
      values (${sql.join(Object.values(row))})
      on conflict (id) do nothing
      returning id
    )${targetsStep}${imagesStep}, a as (
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
