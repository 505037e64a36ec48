// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// On PostgreSQL, the statistics' medians read a time's minutes from the index beside the time, as
// stored when the row was written, instead of turning a year of ISO texts into timestamps at each
// request: turning them took about half of the notifications' and the post reads' figures (PostgreSQL
// parses each text in full; SQLite's `julianday` is cheap and needs nothing of this).
//
// `iso_minutes` reads the app's UTC texts (`2026-11-30T08:15:00.000Z`, also without the fraction)
// with immutable pieces only, so an index may hold it and the planner inlines it on both sides:
// a query's `iso_minutes(read_at)` is then read from the index, never computed. The indexes replace
// 0013's, whose columns they keep in the same order.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`
    create function iso_minutes(t text) returns double precision
    language sql immutable parallel safe
    as $$ select date_part('epoch', make_timestamp(
      substr(t, 1, 4)::int, substr(t, 6, 2)::int, substr(t, 9, 2)::int,
      substr(t, 12, 2)::int, substr(t, 15, 2)::int, rtrim(substr(t, 18), 'Z')::float8)) / 60 $$
  `.execute(db)
  await sql`drop index notifications_college_kind_created`.execute(db)
  await sql`
    create index notifications_college_kind_created on notifications (college_id, emergency, created_at,
      send_id, read_at, answer, answered_at, iso_minutes(created_at), iso_minutes(read_at),
      iso_minutes(answered_at))
  `.execute(db)
  await sql`drop index post_reads_post_user_read`.execute(db)
  await sql`
    create index post_reads_post_user_read on post_reads (post_id, user_id, read_at, iso_minutes(read_at))
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop index notifications_college_kind_created`.execute(db)
  await sql`
    create index notifications_college_kind_created on notifications (college_id, emergency, created_at,
      send_id, read_at, answer, answered_at)
  `.execute(db)
  await sql`drop index post_reads_post_user_read`.execute(db)
  await sql`create index post_reads_post_user_read on post_reads (post_id, user_id, read_at)`.execute(db)
  await sql`drop function iso_minutes(text)`.execute(db)
}
