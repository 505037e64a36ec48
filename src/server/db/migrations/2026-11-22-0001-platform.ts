// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

function idColumn(db: Kysely<any>): [string, Col] {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  return pg ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()]
}

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('')

export async function up(db: Kysely<any>): Promise<void> {
  const [idType, idOptions] = idColumn(db)
  const table = (name: string) => db.schema.createTable(name).addColumn('id', idType as 'integer', idOptions)

  await table('communes')
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()

  await table('colleges')
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', text)
    .addColumn('acronym', 'text', text)
    .addColumn('address', 'text', text)
    .addColumn('commune_id', 'integer', (c) => c.references('communes.id').onDelete('set null'))
    .addColumn('email', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('image', 'text', text)
    .addColumn('image_menu', 'text', text)
    .addColumn('image_splash', 'text', text)
    .addColumn('logo', 'text', text)
    .addColumn('have_advertising', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_onboarding', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('app_status_publishing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('theme_color', 'text', (c) => c.notNull().defaultTo('#1d4ed8'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('es'))
    .addColumn('places', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('smtp_host', 'text')
    .addColumn('smtp_port', 'integer')
    .addColumn('smtp_secure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('smtp_user', 'text')
    .addColumn('smtp_password_enc', 'text')
    .addColumn('smtp_from', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  const tenant = (name: string, required = true) =>
    table(name).addColumn('college_id', 'integer', (c) => {
      const ref = c.references('colleges.id').onDelete('cascade')
      return required ? ref.notNull() : ref
    })

  await tenant('college_domains')
    .addColumn('host', 'text', (c) => c.notNull().unique())
    .execute()

  // college_id is null only for the platform's own roles and users.
  await tenant('roles', false)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('roles_college_key', ['college_id', 'key'])
    .execute()

  await tenant('role_permissions', false)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addUniqueConstraint('role_permissions_unique', ['role_id', 'permission'])
    .execute()

  await tenant('users', false)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_lastname', 'text', text)
    .addColumn('second_lastname', 'text', text)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('rut', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('birthdate', 'text', text)
    .addColumn('avatar', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_college_email', ['college_id', 'email'])
    .execute()

  await tenant('grades')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await tenant('courses')
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute()

  await tenant('enrollments')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addUniqueConstraint('enrollments_unique', ['student_id', 'course_id'])
    .execute()

  await tenant('guardianships')
    .addColumn('guardian_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addUniqueConstraint('guardianships_unique', ['guardian_id', 'student_id'])
    .execute()

  await tenant('access_tokens', false)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute()

  await tenant('password_resets', false)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await tenant('audit_log', false)
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', text)
    .addColumn('subject_id', 'text', text)
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('college_id', 'integer', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', text)
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('emergency', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await table('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('hit_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema.createIndex('users_college_role').on('users').columns(['college_id', 'role_id']).execute()
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute()
  await db.schema
    .createIndex('courses_college_grade')
    .on('courses')
    .columns(['college_id', 'grade_id'])
    .execute()
  await db.schema
    .createIndex('enrollments_course')
    .on('enrollments')
    .columns(['college_id', 'course_id'])
    .execute()
  await db.schema
    .createIndex('guardianships_student')
    .on('guardianships')
    .columns(['college_id', 'student_id'])
    .execute()
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['college_id', 'user_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('audit_log_college')
    .on('audit_log')
    .columns(['college_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('rate_limit_hits_key')
    .on('rate_limit_hits')
    .columns(['key', 'hit_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'rate_limit_hits',
    'notifications',
    'audit_log',
    'password_resets',
    'access_tokens',
    'guardianships',
    'enrollments',
    'courses',
    'grades',
    'users',
    'role_permissions',
    'roles',
    'college_domains',
    'colleges',
    'communes',
  ]) {
    await db.schema.dropTable(name).ifExists().execute()
  }
}
