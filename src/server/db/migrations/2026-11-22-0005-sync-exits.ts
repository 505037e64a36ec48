// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type Kysely, PostgresAdapter } from 'kysely'

// When a row of an audience-scoped collection leaves an audience (deleted, re-targeted, moved back to
// a future date), the audience it had is kept here with the change number, so a pull tells only the
// people who could see it (never the ids of other families' rows).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('sync_exits')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    // 1 when the row was visible to its audience then (0: still waiting for its date).
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('grade_id', 'integer')
    .addColumn('course_id', 'integer')
    .execute()
  await db.schema
    .createIndex('sync_exits_version')
    .on('sync_exits')
    .columns(['college_id', 'collection', 'version'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_exits').ifExists().execute()
}
