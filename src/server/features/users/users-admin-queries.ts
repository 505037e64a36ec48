// The college's people as administrators see them: the searchable list and one person's details.
// Every query goes through the tenant scope.
import { type Kysely, sql } from 'kysely'
import type { RoleKey } from '#shared/permissions.ts'
import { normalizeRut } from '#shared/rut.ts'
import type { CourseRef, PersonRef, UserDetail, UserRow, UserStatus } from '#shared/users.schema.ts'
import type { Database } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce, compiledPerShape, marksByPlace, shapeOfGiven } from '../../platform/compiled-once.ts'
import {
  containsPattern,
  foldedOrder,
  keysetAfter,
  keysetOrdered,
  keysetRows,
  type SortSpec,
  sortSpec,
  textPattern,
} from '../../platform/keyset.ts'
import { mediaUrl } from '../../platform/media.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

const SORT_COLUMNS = {
  name: 'users.name',
  last_name: 'users.first_lastname',
  email: 'users.email',
  created_at: 'users.created_at',
}
/** People's names are ordered as read, whatever their case and accents (`SortSpec.folded`). */
const FOLDED = ['users.name', 'users.first_lastname']

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

/** At most this many words of a search are looked for. */
const SEARCH_WORDS = 5

type WordSlot = string | undefined
/**
 * Each word of a search (up to five) as a pattern and, for a word that may be part of a RUT, its
 * digits' pattern; a RUT is also found without its dots and dash.
 */
type Words = [
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
  WordSlot,
]
type Filters = [
  roleId: number | undefined,
  active: boolean,
  inactive: boolean,
  courseId: number | undefined,
  gradeId: number | undefined,
  afterAt: string | undefined,
  afterId: number | undefined,
  limitPlusOne: number,
]
type ListArgs = [collegeId: number, ...words: Words, ...filters: Filters]

/** No search: the same places, all left out (the list's usual request, made once). */
const NO_WORDS = Array.from({ length: SEARCH_WORDS * 2 }, () => undefined) as Words

function wordsOf(q: string): Words {
  if (!q) return NO_WORDS
  const words = q.split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS)
  return Array.from({ length: SEARCH_WORDS * 2 }, (_, place) => {
    const word = words[place >> 1]
    if (word === undefined) return undefined
    if (place % 2 === 0) return textPattern(word)
    const bare = normalizeRut(word)
    return /^\d{3,}K?$/.test(bare) ? `%${bare}%` : undefined
  }) as Words
}

/**
 * The list's statement for one sort, compiled per shape of its filters: each word of the search must
 * appear in the name, a last name, the email or the RUT ("ana pérez" finds Ana Pérez).
 */
function listStatement(sort: SortSpec) {
  return compiledPerShape<ListArgs, RawRow>(
    (db, ...args) => {
      const [collegeId] = args
      const [roleId, active, inactive, courseId, gradeId, afterAt, afterId, limitPlusOne] = args.slice(
        1 + SEARCH_WORDS * 2,
      ) as Filters
      let query = baseQuery(db, collegeId)
      const columns = [
        'users.name',
        'users.first_lastname',
        'users.second_lastname',
        'users.email',
        'users.rut',
      ]
      for (let word = 0; word < SEARCH_WORDS; word++) {
        const pattern = args[1 + word * 2] as WordSlot
        const rutPattern = args[2 + word * 2] as WordSlot
        if (pattern === undefined) continue
        query = query.where(
          rutPattern === undefined
            ? containsPattern(columns, pattern)
            : sql<boolean>`(${containsPattern(columns, pattern)} or replace(replace(users.rut, '.', ''), '-', '') like ${rutPattern})`,
        )
      }
      if (roleId !== undefined) query = query.where('users.role_id', '=', roleId)
      if (active) query = query.where('users.deactivated_at', 'is', null)
      if (inactive) query = query.where('users.deactivated_at', 'is not', null)
      if (courseId !== undefined || gradeId !== undefined) {
        // The course's students and their guardians: "the families of 1° A".
        const inGroup = (studentRef: 'users.id' | 'guardianships.student_id') =>
          sql<boolean>`exists (select 1 from enrollments e join courses k on k.id = e.course_id
            where e.college_id = ${collegeId} and e.student_id = ${sql.ref(studentRef)}
            ${courseId !== undefined ? sql`and k.id = ${courseId}` : sql``}
            ${gradeId !== undefined ? sql`and k.grade_id = ${gradeId}` : sql``})`
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
      return keysetOrdered(query, sort, 'users.id', afterAt, afterId, limitPlusOne)
    },
    shapeOfGiven,
    marksByPlace,
  )
}

/** One statement per sort the list offers (`name`, `-name`, ...), made when first asked for. */
const listStatements = new Map<string, ReturnType<typeof listStatement>>()

/** The courses of a page of people, in one statement compiled once (compiled-once.ts). */
const enrollmentsOf = compiledOnce(
  (db, collegeId: number, userIds: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['enrollments.student_id', 'courses.id', 'courses.name'])
      .where(anyOf(db, 'enrollments.student_id', userIds))
      .orderBy(foldedOrder('courses.name')),
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
  const sort = sortSpec(filters.sort, SORT_COLUMNS, FOLDED)
  const sortKey = `${sort.descending ? '-' : ''}${sort.column}`
  let statement = listStatements.get(sortKey)
  if (!statement) {
    statement = listStatement(sort)
    listStatements.set(sortKey, statement)
  }
  const after = keysetAfter(filters.cursor)
  const rows = await statement(
    db,
    collegeId,
    ...wordsOf(filters.q),
    filters.role || undefined,
    filters.status === 'active',
    filters.status === 'inactive',
    filters.course || undefined,
    filters.grade || undefined,
    after?.at,
    after?.id,
    filters.limit + 1,
  )
  const key = sort.column.replace('users.', '') as keyof RawRow
  const page = keysetRows(rows, filters.limit, (row) => String(row[key]))
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
    .orderBy(foldedOrder('name'))
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
      .orderBy(foldedOrder('courses.name'))
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
