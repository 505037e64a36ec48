// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')
const version: Col = (c) => c.notNull().defaultTo(0)

// Documents: nested categories, uploaded files (kept apart from the document so an upload can finish
// before the form is sent), audiences that may name people (a report card), and who opened what.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('college_id', 'integer', college)

  await table('document_categories')
    .addColumn('parent_id', 'integer', (c) => c.references('document_categories.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // One name (as an address piece) per folder; the top level has no parent, so it counts as 0.
  await sql`CREATE UNIQUE INDEX document_categories_slug ON document_categories (college_id, COALESCE(parent_id, 0), slug)`.execute(
    db,
  )
  await db.schema
    .createIndex('document_categories_version')
    .on('document_categories')
    .columns(['college_id', 'version'])
    .execute()

  await db.schema
    .createTable('document_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (c) => c.references('document_categories.id').onDelete('set null'))
    .addColumn('file_id', 'text', (c) => c.notNull().unique().references('document_files.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('published_on', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('documents_version')
    .on('documents')
    .columns(['college_id', 'version'])
    .execute()
  await db.schema
    .createIndex('documents_category')
    .on('documents')
    .columns(['college_id', 'category_id'])
    .execute()

  await table('document_targets')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createIndex('document_targets_document')
    .on('document_targets')
    .column('document_id')
    .execute()
  await db.schema.createIndex('document_targets_user').on('document_targets').column('user_id').execute()

  await table('document_opens')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addUniqueConstraint('document_opens_once', ['document_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('document_opens_user')
    .on('document_opens')
    .columns(['user_id', 'version'])
    .execute()

  // A row that left an audience of named people tells only them (and their guardians).
  await db.schema.alterTable('sync_exits').addColumn('user_id', 'integer').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_exits').dropColumn('user_id').execute()
  for (const name of [
    'document_opens',
    'document_targets',
    'documents',
    'document_files',
    'document_categories',
  ])
    await db.schema.dropTable(name).ifExists().execute()
}
