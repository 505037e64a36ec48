// Frozen in time: never import application code here.
import type { Kysely } from 'kysely'

// A user's own rows changed since a cursor, without scanning the whole college's notifications.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('notifications_user_version')
    .on('notifications')
    .columns(['college_id', 'user_id', 'version'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_version').ifExists().execute()
}
