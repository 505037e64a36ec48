// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')
const version: Col = (c) => c.notNull().defaultTo(0)

// Fees and payments: a fee applies to every student of its grade (or of the college); a per-student
// adjustment records a discount or an exemption; a payment belongs to one fee and one student, and a
// fee cannot have two open (pending or approved) payments for the same student.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter

  await db.schema.alterTable('colleges').addColumn('rut', 'text', text).execute()
  await db.schema
    .alterTable('colleges')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CLP'))
    .execute()
  await db.schema.alterTable('colleges').addColumn('payment_provider', 'text').execute()
  await db.schema.alterTable('colleges').addColumn('webpay_commerce_code', 'text').execute()
  await db.schema.alterTable('colleges').addColumn('webpay_api_key_enc', 'text').execute()
  await db.schema
    .alterTable('colleges')
    .addColumn('webpay_environment', 'text', (c) => c.notNull().defaultTo('integration'))
    .execute()

  await db.schema
    .createTable('fees')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('college_id', 'integer', college)
    .addColumn('concept', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('restrict'))
    .addColumn('init_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('series_id', 'text')
    .addColumn('version', 'bigint', version)
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('fees_version').on('fees').columns(['college_id', 'version']).execute()
  await db.schema.createIndex('fees_due').on('fees').columns(['college_id', 'end_date']).execute()

  await db.schema
    .createTable('fee_adjustments')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('college_id', 'integer', college)
    .addColumn('fee_id', 'integer', (c) => c.notNull().references('fees.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', text)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('fee_adjustments_one')
    .unique()
    .on('fee_adjustments')
    .columns(['fee_id', 'student_id'])
    .execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('fee_id', 'integer', (c) => c.notNull().references('fees.id').onDelete('restrict'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('payer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_token', 'text')
    .addColumn('authorization_code', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('payment_type', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('note', 'text', text)
    .addColumn('paid_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('version', 'bigint', version)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('payments_code')
    .unique()
    .on('payments')
    .columns(['college_id', 'code'])
    .execute()
  await db.schema.createIndex('payments_token').on('payments').columns(['provider_token']).execute()
  await db.schema.createIndex('payments_version').on('payments').columns(['college_id', 'version']).execute()
  await db.schema.createIndex('payments_student').on('payments').columns(['student_id', 'fee_id']).execute()
  await db.schema
    .createIndex('payments_created')
    .on('payments')
    .columns(['college_id', 'created_at', 'id'])
    .execute()
  // The rule that a fee is paid once, kept by the database whatever the order of concurrent checkouts.
  await sql`CREATE UNIQUE INDEX payments_one_open ON payments (fee_id, student_id) WHERE status IN ('pending', 'approved')`.execute(
    db,
  )

  // The built-in test provider's side of a checkout: what a real provider would keep on its servers.
  await db.schema
    .createTable('test_checkouts')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('buy_order', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('decision', 'text')
    .addColumn('committed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // Weekly at most: when each guardian was last reminded of an overdue fee.
  await db.schema
    .createTable('fee_reminders')
    .addColumn('college_id', 'integer', college)
    .addColumn('guardian_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_reminders_pk', ['college_id', 'guardian_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['fee_reminders', 'test_checkouts', 'payments', 'fee_adjustments', 'fees'])
    await db.schema.dropTable(table).execute()
  for (const column of [
    'webpay_environment',
    'webpay_api_key_enc',
    'webpay_commerce_code',
    'payment_provider',
    'currency',
    'rut',
  ])
    await db.schema.alterTable('colleges').dropColumn(column).execute()
}
