// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { Kysely } from 'kysely'

// The statistics dashboard: which sign-ins run the installed app, and indexes so a year of a large
// college is counted from the period's own rows rather than from every row the college ever had.
export async function up(db: Kysely<any>): Promise<void> {
  // Set once, the first time the app reports running from the home screen on this sign-in.
  await db.schema.alterTable('access_tokens').addColumn('installed_at', 'text').execute()
  // Who used the app lately, per person, without visiting the tokens of every other college.
  await db.schema
    .createIndex('access_tokens_college_user')
    .on('access_tokens')
    .columns(['college_id', 'user_id', 'last_used_at'])
    .execute()
  // The largest table (a row per recipient): what the figures read of it is all in the index, so a
  // year is counted from the index alone, never from the rows' texts, each kind already in order.
  await db.schema
    .createIndex('notifications_college_kind_created')
    .on('notifications')
    .columns(['college_id', 'emergency', 'created_at', 'send_id', 'read_at', 'answer', 'answered_at'])
    .execute()
  // Reads with their time, also from the index alone.
  await db.schema
    .createIndex('post_reads_post_user_read')
    .on('post_reads')
    .columns(['post_id', 'user_id', 'read_at'])
    .execute()
  await db.schema
    .createIndex('messages_college_written')
    .on('messages')
    .columns(['college_id', 'written_at'])
    .execute()
  // The first staff answer after a family's message, within its conversation.
  await db.schema
    .createIndex('messages_conversation_written')
    .on('messages')
    .columns(['conversation_id', 'written_at'])
    .execute()
  await db.schema
    .createIndex('documents_college_published')
    .on('documents')
    .columns(['college_id', 'published_on'])
    .execute()
  await db.schema
    .createIndex('document_opens_college_opened')
    .on('document_opens')
    .columns(['college_id', 'opened_at'])
    .execute()
  // What came in per fee (also the payments screen's summary), from the fee's own payments.
  await db.schema.createIndex('payments_fee_status').on('payments').columns(['fee_id', 'status']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'payments_fee_status',
    'document_opens_college_opened',
    'documents_college_published',
    'messages_conversation_written',
    'messages_college_written',
    'post_reads_post_user_read',
    'notifications_college_kind_created',
    'access_tokens_college_user',
  ])
    await db.schema.dropIndex(index).ifExists().execute()
  await db.schema.alterTable('access_tokens').dropColumn('installed_at').execute()
}
