// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')

// Local businesses that advertise in a college: companies, the people who manage them, their
// listings (pymes) in categories, the pymes' promotions, and banners. A pyme is mirrored with its promotions,
// so a promotion's change takes the pyme's change number. Impressions and clicks are kept as sums
// per item and day, with nobody's id.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const serial: Col = (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())

  await db.schema
    .createTable('companies')
    .addColumn('id', pg ? 'serial' : 'integer', serial)
    .addColumn('college_id', 'integer', college)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rut', 'text', text)
    .addColumn('contact_name', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('logo', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('companies_college').on('companies').columns(['college_id', 'name']).execute()

  await db.schema
    .createTable('company_users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('college_id', 'integer', college)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('company_users_company').on('company_users').column('company_id').execute()

  await db.schema
    .createTable('pyme_categories')
    .addColumn('id', pg ? 'serial' : 'integer', serial)
    .addColumn('college_id', 'integer', college)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('pyme_categories_version')
    .on('pyme_categories')
    .columns(['college_id', 'version'])
    .execute()

  await db.schema
    .createTable('pymes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('pyme_categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('address', 'text', text)
    .addColumn('commune', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('whatsapp', 'text', text)
    .addColumn('hours', 'text', text)
    .addColumn('website', 'text', text)
    .addColumn('instagram', 'text', text)
    .addColumn('facebook', 'text', text)
    .addColumn('photo', 'text')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pymes_version').on('pymes').columns(['college_id', 'version']).execute()
  await db.schema.createIndex('pymes_company').on('pymes').column('company_id').execute()
  await db.schema.createIndex('pymes_category').on('pymes').column('category_id').execute()

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('pyme_id', 'text', (c) => c.notNull().references('pymes.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('discount', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', text)
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('promotions_pyme').on('promotions').columns(['pyme_id', 'starts_on']).execute()

  // Banners of the college's advertisers, shown in colleges with advertising, labelled as such.
  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', text)
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('banners_version').on('banners').columns(['college_id', 'version']).execute()

  await db.schema
    .createTable('benefit_counts')
    .addColumn('college_id', 'integer', college)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('benefit_counts_pk', ['college_id', 'kind', 'item_id', 'day'])
    .execute()
}
