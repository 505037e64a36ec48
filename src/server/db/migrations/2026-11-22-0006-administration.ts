// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const text: Col = (c) => c.notNull().defaultTo('')
const college: Col = (c) => c.notNull().references('colleges.id').onDelete('cascade')

// Administration: users can be deactivated, the college gets its time zone, history, suspension and
// mail sender name; its managers, home slider, social links and public contacts; the contact inbox.
/**
 * A dot before every run of three digits counted from the end of a run of digits (12345678 ->
 * 12.345.678), written as a loop: the regular expression that says the same can backtrack.
 */
function thousands(text: string): string {
  const word = (ch: string | undefined) => ch !== undefined && /\w/.test(ch)
  const digitsFrom: number[] = new Array(text.length + 1).fill(0)
  for (let i = text.length - 1; i >= 0; i--) digitsFrom[i] = /\d/.test(text[i]!) ? digitsFrom[i + 1]! + 1 : 0
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const run = digitsFrom[i]!
    if (i > 0 && word(text[i - 1]) && run > 0 && run % 3 === 0) out += '.'
    out += text[i]
  }
  return out
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('college_id', 'integer', college)

  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute()
  await db.schema
    .alterTable('colleges')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('America/Santiago'))
    .execute()
  await db.schema.alterTable('colleges').addColumn('history', 'text', text).execute()
  await db.schema.alterTable('colleges').addColumn('contact_intro', 'text', text).execute()
  await db.schema.alterTable('colleges').addColumn('suspended_at', 'text').execute()
  await db.schema.alterTable('colleges').addColumn('smtp_from_name', 'text').execute()
  await db.schema.alterTable('communes').addColumn('region', 'text', text).execute()

  await table('college_managers')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'text', text)
    .addColumn('category', 'text', text)
    .addColumn('photo', 'text')
    .addColumn('email', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('college_managers_college')
    .on('college_managers')
    .columns(['college_id', 'name'])
    .execute()

  await table('college_slides')
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', text)
    .addColumn('link', 'text', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('college_slides_college')
    .on('college_slides')
    .columns(['college_id', 'sort_order'])
    .execute()

  await table('college_social_links')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('college_social_links_college')
    .on('college_social_links')
    .columns(['college_id', 'sort_order'])
    .execute()

  await table('college_contacts')
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('name', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('college_contacts_college')
    .on('college_contacts')
    .columns(['college_id', 'sort_order'])
    .execute()

  await table('contact_messages')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', text)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('form'))
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('contact_messages_college')
    .on('contact_messages')
    .columns(['college_id', 'created_at', 'id'])
    .execute()

  await table('contact_replies')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('contact_messages.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('contact_replies_message')
    .on('contact_replies')
    .columns(['message_id'])
    .execute()

  await db.schema
    .createIndex('users_college_name')
    .on('users')
    .columns(['college_id', 'name', 'id'])
    .execute()
  // RUTs in one form (12.345.678-5), as the app now stores them, so one RUT is found once.
  const people = await db.selectFrom('users').select(['id', 'rut']).where('rut', '<>', '').execute()
  for (const person of people as { id: number; rut: string }[]) {
    const clean = person.rut.replace(/[.\s-]/g, '').toUpperCase()
    const body = thousands(clean.slice(0, -1))
    const formatted = clean.length < 2 ? clean : `${body}-${clean.slice(-1)}`
    if (formatted !== person.rut)
      await db.updateTable('users').set({ rut: formatted }).where('id', '=', person.id).execute()
  }
  // A RUT names one person: unique in its college when it is given (several people may have none).
  // Two people sharing one stop the upgrade here, loudly, rather than losing either.
  await db.schema
    .createIndex('users_college_rut')
    .on('users')
    .columns(['college_id', 'rut'])
    .unique()
    .where(sql.ref('rut'), '<>', '')
    .execute()
  await db.schema
    .createIndex('users_college_created')
    .on('users')
    .columns(['college_id', 'created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'contact_replies',
    'contact_messages',
    'college_contacts',
    'college_social_links',
    'college_slides',
    'college_managers',
  ])
    await db.schema.dropTable(name).ifExists().execute()
}
