// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')

// Processes (an internship, an admission period) with the courses they involve and each course's
// practice schedules. A process is mirrored as one record with its schedules, so a schedule's change
// takes the process's change number.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter

  await db.schema
    .createTable('processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('processes_version')
    .on('processes')
    .columns(['college_id', 'version'])
    .execute()

  await db.schema
    .createTable('process_courses')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('college_id', 'integer', college)
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addUniqueConstraint('process_courses_unique', ['process_id', 'course_id'])
    .execute()
  await db.schema.createIndex('process_courses_course').on('process_courses').column('course_id').execute()

  await db.schema
    .createTable('process_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // Either every week on a day (1 Monday … 7 Sunday) within the process's dates, or on one date.
    .addColumn('weekday', 'integer')
    .addColumn('on_date', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('place', 'text', text)
    .addColumn('supervisor', 'text', text)
    .addColumn('notes', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('process_schedules_process')
    .on('process_schedules')
    .column('process_id')
    .execute()
  await db.schema
    .createIndex('process_schedules_course')
    .on('process_schedules')
    .column('course_id')
    .execute()

  // Colleges that exist already: their admins and staff may manage processes, as new colleges' do.
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'college_id'])
    .where('key', 'in', ['admin', 'staff'])
    .where('college_id', 'is not', null)
    .execute()
  if (roles.length)
    await db
      .insertInto('role_permissions')
      .values(roles.map((r) => ({ college_id: r.college_id, role_id: r.id, permission: 'processes.manage' })))
      .execute()
}
