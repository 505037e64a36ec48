// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Sending notifications: what a sender wrote and for whom (one row per send), each person's copy
// with their answer to an emergency, background jobs that deliver them, and the browsers that asked
// for push messages.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const serial = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )

  await db.schema
    .createTable('notification_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('emergency', 'integer', (c) => c.notNull().defaultTo(0))
    // college | grades | courses | users, with the chosen ids as a JSON list.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('send_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('notification_sends_college_created')
    .on('notification_sends')
    .columns(['college_id', 'created_at'])
    .execute()

  await db.schema.alterTable('notifications').addColumn('send_id', 'text').execute()
  await db.schema.alterTable('notifications').addColumn('answer', 'text').execute()
  await db.schema.alterTable('notifications').addColumn('answered_at', 'text').execute()
  // Pushed or mailed: a retried delivery skips those it already reached.
  await db.schema.alterTable('notifications').addColumn('delivered_at', 'text').execute()
  await db.schema
    .createIndex('notifications_send_user')
    .on('notifications')
    .columns(['send_id', 'user_id'])
    .unique()
    .execute()

  await serial('jobs')
    .addColumn('college_id', 'integer', (c) => c.references('colleges.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_at']).execute()

  await serial('push_subscriptions')
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute()
}
