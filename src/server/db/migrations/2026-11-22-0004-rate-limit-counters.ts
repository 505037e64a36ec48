// Frozen in time: never import application code here.
import type { Kysely } from 'kysely'

// One counter per limit key, taken with a single atomic upsert, so attempts sent at the same time are
// each counted before any password is checked (the per-hit rows could be read before being written).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.dropTable('rate_limit_hits').ifExists().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute()
}
