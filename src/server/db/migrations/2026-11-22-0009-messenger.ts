// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// The messenger: which staff teach which courses (families write to them), conversations with their
// members (each member's read mark and mute), the messages, and messages reported by families.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  const serial = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
  const college = (c: any) => c.notNull().references('colleges.id').onDelete('cascade')

  await serial('course_staff')
    .addColumn('college_id', 'integer', college)
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createIndex('course_staff_course_user')
    .on('course_staff')
    .columns(['course_id', 'user_id'])
    .unique()
    .execute()
  await db.schema.createIndex('course_staff_user').on('course_staff').column('user_id').execute()

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    // direct (two people) | group (staff to many; families' replies go to the staff only)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer')
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await serial('conversation_members')
    .addColumn('college_id', 'integer', college)
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // staff: writes to everyone in a group and sees every reply | member
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('last_read_at', 'text')
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('conversation_members_conversation_user')
    .on('conversation_members')
    .columns(['conversation_id', 'user_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('conversation_members_user')
    .on('conversation_members')
    .columns(['user_id', 'conversation_id'])
    .execute()
  await db.schema
    .createIndex('conversation_members_conversation_version')
    .on('conversation_members')
    .columns(['conversation_id', 'version'])
    .execute()

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    // In a group: a family's reply, or the staff's answer to one, is seen only by that person and staff.
    .addColumn('private_to', 'integer')
    // When the author wrote it (perhaps offline); `created_at` is when the server took it.
    .addColumn('written_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('messages_conversation_version')
    .on('messages')
    .columns(['conversation_id', 'version'])
    .execute()
  await db.schema
    .createIndex('messages_college_version')
    .on('messages')
    .columns(['college_id', 'version'])
    .execute()

  // A picture or a PDF of a message: uploaded first (with the device's id), bound to its message when
  // the message is written.
  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', college)
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('message_id', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    // image | pdf
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('message_attachments_message')
    .on('message_attachments')
    .column('message_id')
    .execute()

  await serial('message_reports')
    .addColumn('college_id', 'integer', college)
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('message_reports_message_reporter')
    .on('message_reports')
    .columns(['message_id', 'reporter_id'])
    .unique()
    .execute()
}
