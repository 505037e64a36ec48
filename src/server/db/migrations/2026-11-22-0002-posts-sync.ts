// Frozen in time: never import application code here. News posts and the sync change numbers.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

function serialId(db: Kysely<any>): [string, Col] {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? ['serial', (c) => c.primaryKey()]
    : ['integer', (c) => c.primaryKey().autoIncrement()]
}

const college = (c: ColumnDefinitionBuilder) => c.notNull().references('colleges.id').onDelete('cascade')
const version = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)

export async function up(db: Kysely<any>): Promise<void> {
  const [idType, idOptions] = serialId(db)

  // One counter per college: taking a number locks the row until commit, so numbers commit in order.
  await db.schema
    .createTable('sync_counters')
    .addColumn('college_id', 'integer', (c) => c.primaryKey().references('colleges.id').onDelete('cascade'))
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('sync_tombstones')
    .addColumn('id', idType as 'integer', idOptions)
    .addColumn('college_id', 'integer', college)
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('sync_tombstones_version')
    .on('sync_tombstones')
    .columns(['college_id', 'collection', 'version'])
    .execute()

  await db.schema
    .alterTable('users')
    .addColumn('sync_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  for (const table of ['grades', 'courses', 'notifications']) {
    await db.schema.alterTable(table).addColumn('version', 'bigint', version).execute()
    await db.schema.createIndex(`${table}_version`).on(table).columns(['college_id', 'version']).execute()
  }

  await db.schema
    .createTable('post_categories')
    .addColumn('id', idType as 'integer', idOptions)
    .addColumn('college_id', 'integer', college)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('post_categories_slug', ['college_id', 'slug'])
    .execute()
  await db.schema
    .createIndex('post_categories_version')
    .on('post_categories')
    .columns(['college_id', 'version'])
    .execute()

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (c) => c.references('post_categories.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text', (c) => c.notNull())
    .addColumn('announced', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'bigint', version)
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('posts_version').on('posts').columns(['college_id', 'version']).execute()
  await db.schema.createIndex('posts_feed').on('posts').columns(['college_id', 'publish_at', 'id']).execute()
  await db.schema
    .createIndex('posts_due')
    .on('posts')
    .columns(['college_id', 'announced', 'publish_at'])
    .execute()

  await db.schema
    .createTable('post_targets')
    .addColumn('id', idType as 'integer', idOptions)
    .addColumn('college_id', 'integer', college)
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('post_targets_post').on('post_targets').column('post_id').execute()
  await db.schema
    .createIndex('post_targets_course')
    .on('post_targets')
    .columns(['college_id', 'course_id'])
    .execute()
  await db.schema
    .createIndex('post_targets_grade')
    .on('post_targets')
    .columns(['college_id', 'grade_id'])
    .execute()

  await db.schema
    .createTable('post_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('post_images_post').on('post_images').columns(['post_id', 'position']).execute()

  await db.schema
    .createTable('post_reads')
    .addColumn('id', idType as 'integer', idOptions)
    .addColumn('college_id', 'integer', college)
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', version)
    .addUniqueConstraint('post_reads_unique', ['post_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('post_reads_user_version')
    .on('post_reads')
    .columns(['user_id', 'version'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'post_reads',
    'post_images',
    'post_targets',
    'posts',
    'post_categories',
    'sync_tombstones',
    'sync_counters',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
