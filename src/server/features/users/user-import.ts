// Importing people from a spreadsheet: each row is checked like the create form (and against the
// rest of the file and the college), the preview shows every row's errors, and the import writes all
// rows in one transaction or nothing.
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { messages } from '#shared/i18n/messages.ts'
import { type MessageDescriptor, translate, type Values } from '#shared/i18n/translate.ts'
import { normalizeRut } from '#shared/rut.ts'
import { IMPORT_MAX_ROWS, type ImportRow, profileSchema } from '#shared/users.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { decodeText, headerKey, parseCsv } from '../../platform/csv.ts'
import { ApiError } from '../../platform/errors.ts'
import { unusablePassword } from '../../platform/passwords.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

/** The titles a column may have, in the languages of the schools that use the app. */
const COLUMNS: Record<string, string[]> = {
  name: ['name', 'first_name', 'nombre', 'nombres', 'prenom', 'vorname'],
  first_lastname: [
    'first_lastname',
    'last_name',
    'lastname',
    'surname',
    'apellido',
    'apellido_paterno',
    'primer_apellido',
    'nom',
    'nachname',
  ],
  second_lastname: ['second_lastname', 'apellido_materno', 'segundo_apellido'],
  email: ['email', 'e_mail', 'mail', 'correo', 'correo_electronico', 'courriel'],
  rut: ['rut', 'run'],
  phone: ['phone', 'telefono', 'celular', 'movil', 'telephone', 'telefon'],
  birthdate: ['birthdate', 'birth_date', 'fecha_nacimiento', 'fecha_de_nacimiento', 'nacimiento'],
  role: ['role', 'rol', 'perfil', 'tipo', 'type'],
  course: ['course', 'curso', 'class', 'classe', 'klasse'],
  students: [
    'students',
    'student',
    'guardian_of',
    'alumnos',
    'alumno',
    'estudiantes',
    'pupilos',
    'apoderado_de',
  ],
}
export const REQUIRED_COLUMNS = ['name', 'email', 'role'] as const

/** Words schools write for the built-in roles, besides the role's own name. */
const ROLE_WORDS: Record<string, string[]> = {
  admin: ['admin', 'administrator', 'administrador', 'administradora', 'administracion'],
  staff: ['staff', 'teacher', 'profesor', 'profesora', 'docente', 'funcionario', 'funcionaria', 'personal'],
  guardian: ['guardian', 'parent', 'apoderado', 'apoderada', 'tutor', 'padre', 'madre'],
  student: ['student', 'alumno', 'alumna', 'estudiante'],
  company: ['company', 'empresa', 'pyme'],
}

const key = (text: string) => headerKey(text).replace(/_/g, ' ')

/** dd-mm-yyyy and dd/mm/yyyy (as Chilean spreadsheets write dates) become yyyy-mm-dd. */
function isoDate(value: string): string {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value.trim())
  if (!match) return value.trim()
  return `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
}

type Context = {
  roles: Map<string, { id: number; key: string }>
  courses: Map<string, number>
  emails: Set<string>
  ruts: Set<string>
  /** Existing students by email and by bare RUT. */
  students: Map<string, number>
}

async function loadContext(db: Kysely<Database>, collegeId: number): Promise<Context> {
  const scope = tenantScope(db, collegeId)
  const [roles, courses, users] = await Promise.all([
    scope.selectFrom('roles').select(['id', 'key', 'name']).execute(),
    scope.selectFrom('courses').select(['id', 'name']).execute(),
    scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.id', 'users.email', 'users.rut', 'roles.key'])
      .execute(),
  ])
  const roleMap = new Map<string, { id: number; key: string }>()
  for (const role of roles) {
    for (const word of [role.name, role.key, ...(ROLE_WORDS[role.key] ?? [])]) roleMap.set(key(word), role)
  }
  const students = new Map<string, number>()
  for (const user of users.filter((u) => u.key === 'student')) {
    students.set(user.email, user.id)
    if (user.rut) students.set(normalizeRut(user.rut), user.id)
  }
  return {
    roles: roleMap,
    courses: new Map(courses.map((c) => [key(c.name), c.id])),
    emails: new Set(users.map((u) => u.email)),
    ruts: new Set(users.map((u) => u.rut).filter(Boolean)),
    students,
  }
}

export type CheckedRow = ImportRow & {
  values?: v.InferOutput<typeof profileSchema> & {
    role_id: number
    role_key: string
    course_id: number | null
  }
  studentRefs: string[]
}

/** Reads the file into rows, or throws a 422 that says what is wrong with the file as a whole. */
function readRows(bytes: Uint8Array, lang: string) {
  const fileError = (descriptor: MessageDescriptor, values?: Values) =>
    new ApiError(422, messages.invalidData, {
      errors: { file: [translate(descriptor, lang, values)] },
    })
  let rows: { line: number; cells: string[] }[]
  try {
    rows = parseCsv(decodeText(bytes))
  } catch {
    throw fileError(messages.csvUnreadable)
  }
  const [header, ...body] = rows
  if (!header || body.length === 0) throw fileError(messages.csvEmpty)
  if (body.length > IMPORT_MAX_ROWS) throw fileError(messages.csvTooManyRows, { max: IMPORT_MAX_ROWS })
  const titles = header.cells.map(headerKey)
  const index: Record<string, number> = {}
  for (const [field, names] of Object.entries(COLUMNS)) {
    const at = titles.findIndex((t) => names.includes(t))
    if (at >= 0) index[field] = at
  }
  const missing = REQUIRED_COLUMNS.filter((c) => index[c] === undefined)
  if (missing.length) throw fileError(messages.csvMissingColumns, { columns: missing.join(', ') })
  return body.map((row) => {
    const cell = (field: string) =>
      index[field] === undefined ? '' : (row.cells[index[field]!] ?? '').trim()
    return { line: row.line, cell }
  })
}

/** Every row of the file with its errors, as the preview shows them and the import checks them. */
export async function checkImport(
  db: Kysely<Database>,
  collegeId: number,
  bytes: Uint8Array,
  lang: string,
): Promise<CheckedRow[]> {
  const rows = readRows(bytes, lang)
  const context = await loadContext(db, collegeId)
  const seenEmails = new Map<string, number>()
  const seenRuts = new Map<string, number>()
  const fileStudents = new Map<string, number>()
  const checked: CheckedRow[] = rows.map(({ line, cell }) => {
    const errors: Record<string, string[]> = {}
    const add = (field: string, descriptor: MessageDescriptor, values?: Values) => {
      errors[field] ??= []
      errors[field].push(translate(descriptor, lang, values))
    }
    const fields = {
      name: cell('name'),
      first_lastname: cell('first_lastname'),
      second_lastname: cell('second_lastname'),
      email: cell('email'),
      rut: cell('rut'),
      phone: cell('phone'),
      birthdate: isoDate(cell('birthdate')),
    }
    const parsed = v.safeParse(profileSchema, fields, { lang, abortPipeEarly: true })
    if (!parsed.success) {
      for (const issue of parsed.issues) {
        const field = v.getDotPath(issue) ?? 'name'
        errors[field] ??= []
        errors[field].push(issue.message)
      }
    }
    const email = parsed.success ? parsed.output.email : fields.email.toLowerCase()
    const rut = parsed.success ? parsed.output.rut : fields.rut
    if (email && context.emails.has(email)) add('email', messages.emailTaken)
    else if (email && seenEmails.has(email))
      add('email', messages.csvDuplicateEmail, { row: seenEmails.get(email)! })
    if (rut && context.ruts.has(rut)) add('rut', messages.rutTaken)
    else if (rut && seenRuts.has(normalizeRut(rut)))
      add('rut', messages.csvDuplicateRut, { row: seenRuts.get(normalizeRut(rut))! })
    if (email) seenEmails.set(email, line)
    if (rut) seenRuts.set(normalizeRut(rut), line)

    const roleText = cell('role')
    const role = context.roles.get(key(roleText))
    if (!roleText) add('role', messages.roleRequired)
    else if (!role) add('role', messages.csvRoleUnknown, { role: roleText })
    const courseText = cell('course')
    const courseId = courseText ? context.courses.get(key(courseText)) : undefined
    if (courseText && role && role.key !== 'student') add('course', messages.courseForStudents)
    else if (courseText && !courseId) add('course', messages.csvCourseUnknown, { course: courseText })
    const studentRefs = cell('students')
      .split(/[|\s]+/)
      .filter(Boolean)
    if (studentRefs.length && role && role.key !== 'guardian') add('students', messages.studentsForGuardians)
    if (role?.key === 'student' && parsed.success) {
      fileStudents.set(parsed.output.email, line)
      if (parsed.output.rut) fileStudents.set(normalizeRut(parsed.output.rut), line)
    }
    return {
      line,
      name: [fields.name, fields.first_lastname, fields.second_lastname].filter(Boolean).join(' '),
      email: fields.email,
      rut: fields.rut,
      role: roleText,
      course: courseText,
      students: studentRefs.join(' '),
      errors,
      studentRefs,
      values:
        parsed.success && role
          ? { ...parsed.output, role_id: role.id, role_key: role.key, course_id: courseId ?? null }
          : undefined,
    }
  })
  // A guardian's students may be people of the college or students further down the same file.
  for (const row of checked) {
    for (const ref of row.studentRefs) {
      const known = ref.includes('@') ? ref.toLowerCase() : normalizeRut(ref)
      if (!context.students.has(known) && !fileStudents.has(known)) {
        row.errors.students ??= []
        row.errors.students.push(translate(messages.csvStudentUnknown, lang, { student: ref }))
      }
    }
  }
  return checked
}

const CHUNK = 200

/**
 * Writes every row in one transaction and returns the new people's ids. Rows are inserted in chunks
 * (one statement per 200 people), so 2,000 rows cost a few dozen statements.
 */
export async function runImport(
  db: Kysely<Database>,
  actor: Actor,
  rows: CheckedRow[],
): Promise<{ id: number; email: string; name: string }[]> {
  const context = await loadContext(db, actor.collegeId)
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const now = nowIso()
    const created: { id: number; email: string; name: string; rut: string; line: number }[] = []
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      const inserted = await scope
        .insertInto(
          'users',
          chunk.map((row) => {
            const { role_key: _key, course_id: _course, ...values } = row.values!
            return {
              ...values,
              avatar: null,
              password_hash: unusablePassword(),
              locale: null,
              created_at: now,
              updated_at: now,
              deactivated_at: null,
            }
          }),
        )
        .returning(['id', 'email', 'name', 'rut'])
        .execute()
      // Matched by email (unique in the college), not by position in the answer.
      const lineOf = new Map(chunk.map((row) => [row.values!.email, row.line]))
      for (const user of inserted) created.push({ ...user, line: lineOf.get(user.email)! })
    }
    const byEmail = new Map(created.map((u) => [u.email, u.id]))
    const students = new Map(context.students)
    for (const row of rows) {
      if (row.values?.role_key !== 'student') continue
      const id = byEmail.get(row.values.email)!
      students.set(row.values.email, id)
      if (row.values.rut) students.set(normalizeRut(row.values.rut), id)
    }
    const enrollments = rows.flatMap((row) =>
      row.values?.course_id
        ? [{ student_id: byEmail.get(row.values.email)!, course_id: row.values.course_id }]
        : [],
    )
    const guardianships = rows.flatMap((row) =>
      [
        ...new Set(
          row.studentRefs.map(
            (ref) => students.get(ref.includes('@') ? ref.toLowerCase() : normalizeRut(ref))!,
          ),
        ),
      ].map((student_id) => ({ guardian_id: byEmail.get(row.values!.email)!, student_id })),
    )
    for (let i = 0; i < enrollments.length; i += CHUNK)
      await scope.insertInto('enrollments', enrollments.slice(i, i + CHUNK)).execute()
    for (let i = 0; i < guardianships.length; i += CHUNK)
      await scope.insertInto('guardianships', guardianships.slice(i, i + CHUNK)).execute()
    const audits = created.map((user) => ({
      college_id: actor.collegeId,
      actor_id: actor.id,
      action: 'user.imported',
      subject_type: 'user',
      subject_id: String(user.id),
      details: JSON.stringify({ line: user.line, email: user.email }),
      ip: actor.ip,
      created_at: now,
    }))
    for (let i = 0; i < audits.length; i += CHUNK)
      await trx
        .insertInto('audit_log')
        .values(audits.slice(i, i + CHUNK))
        .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'users.import',
      subjectType: 'college',
      subjectId: actor.collegeId,
      details: { created: created.length },
      ip: actor.ip,
    })
    return created.map(({ id, email, name }) => ({ id, email, name }))
  })
}
