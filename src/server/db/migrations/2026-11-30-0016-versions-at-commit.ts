// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// On PostgreSQL, the writes that take their change number last (rows written with version -1) get it
// at their commit, from a deferred trigger, instead of from a statement the server sends before
// committing. Taking the number locks the college's counter until the commit: sent from the server,
// the lock was held for two round trips and for however long a busy server took to send the commit
// between them, and every other writer of the college waited that long (20 writers: 290-350 posts/s
// on a 2-core machine, p99 150-170 ms). Inside the commit it is held for the stamping and the WAL's
// flush alone. SQLite needs nothing of this: a transaction holds its write lock from its first write.
//
// Each pending row the transaction wrote gets a number of its own, in the order they were written (no
// change number is ever shared by two rows, which a page boundary between them would split), and its
// rows of `sync_exits` get the same one. A row written twice fires twice; the second finds it stamped.
const TABLES = ['posts', 'events', 'pymes', 'banners'] as const

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const table of TABLES) {
    const name = sql.raw(`${table}_version_at_commit`)
    const t = sql.table(table)
    await sql`
      create function ${name}() returns trigger language plpgsql as $$
      declare taken bigint;
      begin
        perform 1 from ${t} where id = new.id and version = -1;
        if not found then return null; end if;
        insert into sync_counters (college_id, value) values (new.college_id, 1)
          on conflict (college_id) do update set value = sync_counters.value + 1
          returning value into taken;
        update ${t} set version = taken where id = new.id;
        update sync_exits set version = taken
          where college_id = new.college_id and collection = ${sql.lit(table)} and row_id = new.id::text
            and version = -1;
        return null;
      end $$
    `.execute(db)
    await sql`
      create constraint trigger ${name} after insert or update on ${t}
      deferrable initially deferred for each row when (new.version = -1)
      execute function ${name}()
    `.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const table of TABLES) {
    const name = sql.raw(`${table}_version_at_commit`)
    await sql`drop trigger ${name} on ${sql.table(table)}`.execute(db)
    await sql`drop function ${name}()`.execute(db)
  }
}
