// The college's people as administrators see them: the searchable list and one person's details.
// Every query goes through the tenant scope.
import { type Kysely, sql } from 'kysely'
import type { RoleKey } from '#shared/permissions.ts'
import { normalizeRut } from '#shared/rut.ts'
import type { CourseRef, PersonRef, UserDetail, UserRow, UserStatus } from '#shared/users.schema.ts'
import type { Database } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import { containsText, keysetPage, sortSpec } from '../../platform/keyset.ts'
import { mediaUrl } from '../../platform/media.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

const SORT_COLUMNS = {
  name: 'users.name',
  last_name: 'users.first_lastname',
  email: 'users.email',
  created_at: 'users.created_at',
}

export type UserListFilters = {
  q: string
  cursor?: string
  limit: number
  sort: string
  role?: number
  grade?: number
  course?: number
  status: UserStatus
}

const ROW_COLUMNS = [
  'users.id',
  'users.name',
  'users.first_lastname',
  'users.second_lastname',
  'users.email',
  'users.rut',
  'users.phone',
  'users.avatar',
  'users.created_at',
  'users.deactivated_at',
  'users.role_id',
  'roles.key as role_key',
  'roles.name as role_name',
] as const

type RawRow = {
  id: number
  name: string
  first_lastname: string
  second_lastname: string
  email: string
  rut: string
  phone: string
  avatar: string | null
  created_at: string
  deactivated_at: string | null
  role_id: number
  role_key: string
  role_name: string
}

function baseQuery(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(ROW_COLUMNS)
}

/**
 * Each word of the search must appear in the name, a last name, the email or the RUT ("ana pérez"
 * finds Ana Pérez). A RUT is also found without its dots and dash.
 */
function searchWords(q: string) {
  const columns = ['users.name', 'users.first_lastname', 'users.second_lastname', 'users.email', 'users.rut']
  return q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => {
      const bare = normalizeRut(word)
      if (!/^\d{3,}K?$/.test(bare)) return containsText(columns, word)
      return sql<boolean>`(${containsText(columns, word)} or replace(replace(users.rut, '.', ''), '-', '') like ${`%${bare}%`})`
    })
}

/** The courses of a page of people, in one statement compiled once (compiled-once.ts). */
const enrollmentsOf = compiledOnce(
  (db, collegeId: number, userIds: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['enrollments.student_id', 'courses.id', 'courses.name'])
      .where(anyOf(db, 'enrollments.student_id', userIds))
      .orderBy('courses.name'),
  [-7_341, [-7_342]],
)

async function coursesOf(db: Kysely<Database>, collegeId: number, userIds: number[]) {
  const byUser = new Map<number, CourseRef[]>()
  if (userIds.length === 0) return byUser
  for (const row of await enrollmentsOf(db, collegeId, userIds)) {
    const list = byUser.get(row.student_id) ?? []
    list.push({ id: row.id, name: row.name })
    byUser.set(row.student_id, list)
  }
  return byUser
}

function toRow(raw: RawRow, courses: CourseRef[]): UserRow {
  return {
    id: raw.id,
    name: raw.name,
    first_lastname: raw.first_lastname,
    second_lastname: raw.second_lastname,
    email: raw.email,
    rut: raw.rut,
    phone: raw.phone,
    avatar_url: mediaUrl(raw.avatar),
    role: { id: raw.role_id, key: raw.role_key as RoleKey, name: raw.role_name },
    courses,
    active: raw.deactivated_at === null,
    created_at: raw.created_at,
  }
}

export async function listUsers(db: Kysely<Database>, collegeId: number, filters: UserListFilters) {
  let query = baseQuery(db, collegeId)
  for (const condition of searchWords(filters.q)) query = query.where(condition)
  if (filters.role) query = query.where('users.role_id', '=', filters.role)
  if (filters.status === 'active') query = query.where('users.deactivated_at', 'is', null)
  if (filters.status === 'inactive') query = query.where('users.deactivated_at', 'is not', null)
  if (filters.course || filters.grade) {
    // The course's students and their guardians: "the families of 1° A".
    const inGroup = (studentRef: 'users.id' | 'guardianships.student_id') =>
      sql<boolean>`exists (select 1 from enrollments e join courses k on k.id = e.course_id
        where e.college_id = ${collegeId} and e.student_id = ${sql.ref(studentRef)}
        ${filters.course ? sql`and k.id = ${filters.course}` : sql``}
        ${filters.grade ? sql`and k.grade_id = ${filters.grade}` : sql``})`
    query = query.where((eb) =>
      eb.or([
        inGroup('users.id'),
        eb.exists(
          eb
            .selectFrom('guardianships')
            .select('guardianships.id')
            .whereRef('guardianships.guardian_id', '=', 'users.id')
            .where(inGroup('guardianships.student_id')),
        ),
      ]),
    )
  }
  const sort = sortSpec(filters.sort, SORT_COLUMNS)
  const key = sort.column.replace('users.', '') as keyof RawRow
  const page = await keysetPage(query, {
    sort,
    idColumn: 'users.id',
    cursor: filters.cursor,
    limit: filters.limit,
    valueOf: (row) => String(row[key]),
  })
  const courses = await coursesOf(
    db,
    collegeId,
    page.rows.map((r) => r.id),
  )
  return { data: page.rows.map((r) => toRow(r, courses.get(r.id) ?? [])), next_cursor: page.next_cursor }
}

async function peopleRefs(db: Kysely<Database>, collegeId: number, ids: number[]): Promise<PersonRef[]> {
  if (ids.length === 0) return []
  const rows = await tenantScope(db, collegeId)
    .selectFrom('users')
    .select(['id', 'name', 'first_lastname', 'second_lastname', 'email'])
    .where('id', 'in', ids)
    .orderBy('name')
    .execute()
  const courses = await coursesOf(db, collegeId, ids)
  return rows.map((r) => ({
    id: r.id,
    name: [r.name, r.first_lastname, r.second_lastname].filter(Boolean).join(' '),
    email: r.email,
    courses: courses.get(r.id) ?? [],
  }))
}

export async function userDetail(
  db: Kysely<Database>,
  collegeId: number,
  id: number,
): Promise<UserDetail | undefined> {
  const raw = await baseQuery(db, collegeId)
    .select(['users.birthdate', 'users.password_hash'])
    .where('users.id', '=', id)
    .executeTakeFirst()
  if (!raw) return undefined
  const scope = tenantScope(db, collegeId)
  const [courses, studentIds, guardianIds, seen, teaches] = await Promise.all([
    coursesOf(db, collegeId, [id]),
    scope.selectFrom('guardianships').select('student_id').where('guardian_id', '=', id).execute(),
    scope.selectFrom('guardianships').select('guardian_id').where('student_id', '=', id).execute(),
    scope
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.max('last_used_at').as('at'))
      .where('user_id', '=', id)
      .executeTakeFirst(),
    scope
      .selectFrom('course_staff')
      .innerJoin('courses', 'courses.id', 'course_staff.course_id')
      .select(['courses.id', 'courses.name'])
      .where('course_staff.user_id', '=', id)
      .orderBy('courses.name')
      .execute(),
  ])
  return {
    ...toRow(raw, courses.get(id) ?? []),
    birthdate: raw.birthdate,
    deactivated_at: raw.deactivated_at,
    last_seen_at: seen?.at ?? null,
    students: await peopleRefs(
      db,
      collegeId,
      studentIds.map((r) => r.student_id),
    ),
    guardians: await peopleRefs(
      db,
      collegeId,
      guardianIds.map((r) => r.guardian_id),
    ),
    has_password: raw.password_hash.startsWith('scrypt$'),
    teaches,
  }
}
