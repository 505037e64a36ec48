// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')
const version: Col = (c) => c.notNull().defaultTo(0)

// The school calendar: events with categories and audiences (as posts have), mirrored by sync, and
// each person's private calendar subscription address.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('college_id', 'integer', college)

  await table('event_categories')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('event_categories_name', ['college_id', 'name'])
    .execute()
  await db.schema
    .createIndex('event_categories_version')
    .on('event_categories')
    .columns(['college_id', 'version'])
    .execute()

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (c) => c.references('event_categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('location', 'text', text)
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    // iCalendar SEQUENCE: how many times the event was changed, so calendars replace their copy.
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', version)
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('events_version').on('events').columns(['college_id', 'version']).execute()
  await db.schema.createIndex('events_start').on('events').columns(['college_id', 'starts_at']).execute()

  await table('event_targets')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('event_targets_event').on('event_targets').column('event_id').execute()

  // The secret is kept as a hash to find the feed, and sealed with APP_KEY to show the address again.
  await table('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
