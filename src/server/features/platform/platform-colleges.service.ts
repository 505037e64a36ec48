// The colleges the platform serves: created with their host names, roles and first administrator;
// suspended and resumed without deleting anything.
import { type Kysely, sql } from 'kysely'
import type { PlatformCollege } from '#shared/platform.schema.ts'
import type { Database } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { createCollegeRoles } from '../../platform/built-in-roles.ts'
import { nowIso } from '../../platform/clock.ts'
import { containsText, keysetPage, sortSpec } from '../../platform/keyset.ts'
import { unusablePassword } from '../../platform/passwords.ts'

export type Owner = { id: number; ip: string }

const COLUMNS = [
  'colleges.id',
  'colleges.name',
  'colleges.slug',
  'colleges.language',
  'colleges.suspended_at',
  'colleges.created_at',
] as const

export async function listColleges(
  db: Kysely<Database>,
  query: { q: string; cursor?: string; limit: number; sort: string },
): Promise<{ data: PlatformCollege[]; next_cursor: string | null }> {
  let select = db
    .selectFrom('colleges')
    .select([
      ...COLUMNS,
      sql<number>`(select count(*) from users u where u.college_id = colleges.id and u.deactivated_at is null)`.as(
        'people',
      ),
    ])
  if (query.q)
    select = select.where((eb) =>
      eb.or([
        containsText(['colleges.name', 'colleges.slug'], query.q),
        eb.exists(
          eb
            .selectFrom('college_domains')
            .select('college_domains.id')
            .whereRef('college_domains.college_id', '=', 'colleges.id')
            .where(containsText(['college_domains.host'], query.q)),
        ),
      ]),
    )
  const sort = sortSpec(query.sort, { name: 'colleges.name', created_at: 'colleges.created_at' }, [
    'colleges.name',
  ])
  const page = await keysetPage(select, {
    sort,
    idColumn: 'colleges.id',
    cursor: query.cursor,
    limit: query.limit,
    valueOf: (row) => (sort.column === 'colleges.name' ? row.name : row.created_at),
  })
  const ids = page.rows.map((r) => r.id)
  const hosts = ids.length
    ? await db
        .selectFrom('college_domains')
        .select(['college_id', 'host'])
        .where('college_id', 'in', ids)
        .orderBy('id')
        .execute()
    : []
  return {
    data: page.rows.map((row) => ({
      ...row,
      people: Number(row.people),
      hosts: hosts.filter((h) => h.college_id === row.id).map((h) => h.host),
    })),
    next_cursor: page.next_cursor,
  }
}

export async function collegeById(db: Kysely<Database>, id: number): Promise<PlatformCollege | undefined> {
  const row = await db.selectFrom('colleges').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const [hosts, people] = await Promise.all([
    db.selectFrom('college_domains').select('host').where('college_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('college_id', '=', id)
      .where('deactivated_at', 'is', null)
      .executeTakeFirst(),
  ])
  return { ...row, hosts: hosts.map((h) => h.host), people: Number(people?.count ?? 0) }
}

/** Host names among these that a college already uses. */
export async function hostsTaken(db: Kysely<Database>, hosts: string[]): Promise<string[]> {
  if (hosts.length === 0) return []
  const rows = await db.selectFrom('college_domains').select('host').where('host', 'in', hosts).execute()
  return rows.map((r) => r.host)
}

export async function createCollege(
  db: Kysely<Database>,
  owner: Owner,
  input: {
    name: string
    slug: string
    hosts: string[]
    language: string
    admin_name: string
    admin_email: string
  },
): Promise<{ collegeId: number; adminId: number }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso()
    const college = await trx
      .insertInto('colleges')
      .values({
        slug: input.slug,
        name: input.name,
        short_name: input.name.slice(0, 30),
        acronym: '',
        address: '',
        commune_id: null,
        email: input.admin_email,
        phone: '',
        image: '',
        image_menu: '',
        image_splash: '',
        logo: '',
        have_advertising: 0,
        show_onboarding: 1,
        app_status_publishing: 0,
        theme_color: '#1d4ed8',
        language: input.language,
        places: '[]',
        smtp_host: null,
        smtp_port: null,
        smtp_secure: 0,
        smtp_user: null,
        smtp_password_enc: null,
        smtp_from: null,
        smtp_from_name: null,
        suspended_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('college_domains')
      .values([...new Set(input.hosts)].map((host) => ({ college_id: college.id, host })))
      .execute()
    const roles = await createCollegeRoles(trx, college.id)
    const admin = await trx
      .insertInto('users')
      .values({
        college_id: college.id,
        role_id: roles.get('admin')!,
        name: input.admin_name,
        first_lastname: '',
        second_lastname: '',
        email: input.admin_email,
        rut: '',
        phone: '',
        birthdate: '',
        avatar: null,
        password_hash: unusablePassword(),
        locale: null,
        created_at: now,
        updated_at: now,
        deactivated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, {
      collegeId: college.id,
      actorId: owner.id,
      action: 'platform.college_created',
      subjectType: 'college',
      subjectId: college.id,
      details: { name: input.name, hosts: input.hosts, admin: input.admin_email },
      ip: owner.ip,
    })
    return { collegeId: college.id, adminId: admin.id }
  })
}

export async function setSuspended(db: Kysely<Database>, owner: Owner, collegeId: number, suspend: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('colleges')
      .set({ suspended_at: suspend ? nowIso() : null, updated_at: nowIso() })
      .where('id', '=', collegeId)
      .execute()
    await audit(trx, {
      collegeId,
      actorId: owner.id,
      action: suspend ? 'platform.college_suspended' : 'platform.college_resumed',
      subjectType: 'college',
      subjectId: collegeId,
      ip: owner.ip,
    })
  })
}
