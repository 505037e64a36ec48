// The /users screens' API: people of the college, read with users.view and changed with users.manage.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  type ImportPreview,
  type ImportResult,
  studentLinkSchema,
  type UserBulkResult,
  userAdminSchema,
  userBulkSchema,
  userCreateSchema,
  userListQuerySchema,
} from '#shared/users.schema.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { mailLanguage, sendPasswordReset, sendWelcome, sendWelcomes } from '../../platform/password-links.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { pathId, readJson, validate, validQuery } from '../../platform/validate.ts'
import { type CheckedRow, checkImport, runImport } from './user-import.ts'
import { uniquenessErrors } from './users.service.ts'
import {
  createUser,
  linkStudent,
  roleOf,
  setActive,
  setRole,
  studentsAmong,
  unlinkStudent,
  updateUser,
} from './users-admin.service.ts'
import { listUsers, userDetail } from './users-admin-queries.ts'

export const usersAdminRoutes = new Hono<AppEnv>()
// Not /api/v1/users/* as a whole: the profile routes under it serve the platform owner too.
for (const path of [
  '/api/v1/users',
  '/api/v1/users/:id{[0-9]+}/*',
  '/api/v1/users/bulk',
  '/api/v1/users/import/*',
])
  usersAdminRoutes.use(path, requireAuth, requireCollegeMember)

const canView = requirePermission('users.view')
const canManage = requirePermission('users.manage')

/** The role and course of a form, checked against the college: a 422 on the field when unknown. */
async function checkChoices(
  c: Context<AppEnv>,
  input: { role_id: number; course_id: number | null; email: string; rut: string },
  exceptId?: number,
) {
  const { db } = c.get('deps')
  const collegeId = c.get('auth').user.college_id!
  const role = await roleOf(db, collegeId, input.role_id)
  const errors = await uniquenessErrors(db, { college_id: collegeId }, input, exceptId)
  if (!role) errors.role_id = [messages.roleUnknown]
  if (role?.key === 'student' && input.course_id) {
    const course = await tenantScope(db, collegeId)
      .selectFrom('courses')
      .select('id')
      .where('id', '=', input.course_id)
      .executeTakeFirst()
    if (!course) errors.course_id = [messages.courseUnknown]
  }
  if (Object.keys(errors).length) throw validationError(errors)
  return role!
}

async function detailOr404(c: Context<AppEnv>, id: number) {
  const detail = await userDetail(c.get('deps').db, c.get('auth').user.college_id!, id)
  if (!detail) throw notFound()
  return detail
}

usersAdminRoutes.get('/api/v1/users', canView, async (c) => {
  const filters = validate(c, userListQuerySchema, c.req.query())
  return c.json(await listUsers(c.get('deps').db, c.get('auth').user.college_id!, filters))
})

/**
 * `GET /api/v1/users` as plain node:http answers it for a session already kept; one without the
 * permission (Hono answers the 403) or a query it would refuse (the 422) is left to Hono.
 */
export const usersListRead: FastRead = ({ auth: { user } }, query, { db }) => {
  if (!user.permissions.includes('users.view')) return undefined
  const filters = validQuery(userListQuerySchema, query)
  return filters && listUsers(db, user.college_id!, filters)
}

usersAdminRoutes.get('/api/v1/users/:id{[0-9]+}', canView, async (c) => {
  return c.json(await detailOr404(c, pathId(c.req.param('id'))))
})

usersAdminRoutes.post('/api/v1/users', canManage, async (c) => {
  const input = validate(c, userCreateSchema, await readJson(c))
  const role = await checkChoices(c, input)
  const { db } = c.get('deps')
  const actor = actorOf(c)
  const studentIds = role.key === 'guardian' ? [...new Set(input.student_ids)] : []
  if ((await studentsAmong(db, actor.collegeId, studentIds)).length !== studentIds.length)
    throw validationError({ student_ids: [messages.studentUnknown] })
  let id: number
  try {
    id = await createUser(db, actor, { ...input, student_ids: studentIds }, role.key)
  } catch (error) {
    // Two admins saving the same address at once: the unique index decides, the field says why.
    const errors = await uniquenessErrors(db, { college_id: actor.collegeId }, input)
    if (Object.keys(errors).length) throw validationError(errors)
    throw error
  }
  const detail = await detailOr404(c, id)
  if (input.send_welcome) {
    await sendWelcome(c, requireCollege(c), { ...detail, locale: null, college_id: actor.collegeId })
  }
  return c.json(detail, 201)
})

usersAdminRoutes.put('/api/v1/users/:id{[0-9]+}', canManage, async (c) => {
  const id = pathId(c.req.param('id'))
  const before = await detailOr404(c, id)
  const input = validate(c, userAdminSchema, await readJson(c))
  const role = await checkChoices(c, input, id)
  const actor = actorOf(c)
  // An administrator who took away their own role could lock the college out of its settings.
  if (id === actor.id && input.role_id !== before.role.id)
    throw validationError({ role_id: [messages.cannotChangeOwnRole] })
  try {
    await updateUser(c.get('deps').db, actor, id, input, role.key)
  } catch (error) {
    const errors = await uniquenessErrors(c.get('deps').db, { college_id: actor.collegeId }, input, id)
    if (Object.keys(errors).length) throw validationError(errors)
    throw error
  }
  return c.json(await detailOr404(c, id))
})

usersAdminRoutes.post('/api/v1/users/:id{[0-9]+}/deactivate', canManage, async (c) => {
  const id = pathId(c.req.param('id'))
  await detailOr404(c, id)
  const actor = actorOf(c)
  if (id === actor.id) throw new ApiError(409, messages.cannotDeactivateSelf)
  await setActive(c.get('deps').db, actor, [id], false)
  return c.json(await detailOr404(c, id))
})

usersAdminRoutes.post('/api/v1/users/:id{[0-9]+}/reactivate', canManage, async (c) => {
  const id = pathId(c.req.param('id'))
  await detailOr404(c, id)
  await setActive(c.get('deps').db, actorOf(c), [id], true)
  return c.json(await detailOr404(c, id))
})

/** Mails each active person a link to choose a password: a reset, or their welcome again. */
async function mailPasswordLinks(c: Context<AppEnv>, ids: number[]): Promise<number> {
  const college = requireCollege(c)
  const people = await tenantScope(c.get('deps').db, college.id)
    .selectFrom('users')
    .select(['id', 'name', 'email', 'locale', 'college_id', 'password_hash'])
    .where('id', 'in', ids)
    .where('deactivated_at', 'is', null)
    .execute()
  for (const person of people) {
    // A person who never chose a password gets their welcome link again, not a "reset".
    if (person.password_hash.startsWith('scrypt$'))
      await sendPasswordReset(c, college, person, mailLanguage(person, college))
    else await sendWelcome(c, college, person)
  }
  return people.length
}

usersAdminRoutes.post('/api/v1/users/:id{[0-9]+}/password-reset', canManage, async (c) => {
  const detail = await detailOr404(c, pathId(c.req.param('id')))
  if (!detail.active) throw new ApiError(409, messages.accountDeactivated)
  await mailPasswordLinks(c, [detail.id])
  return c.json({ message: translate(messages.passwordLinkSent, requestLocale(c), { email: detail.email }) })
})

usersAdminRoutes.post('/api/v1/users/:id{[0-9]+}/students', canManage, async (c) => {
  const id = pathId(c.req.param('id'))
  const guardian = await detailOr404(c, id)
  const { student_id: studentId } = validate(c, studentLinkSchema, await readJson(c))
  const actor = actorOf(c)
  if (guardian.role.key !== 'guardian') throw validationError({ student_id: [messages.studentsForGuardians] })
  if ((await studentsAmong(c.get('deps').db, actor.collegeId, [studentId])).length !== 1)
    throw validationError({ student_id: [messages.studentUnknown] })
  await linkStudent(c.get('deps').db, actor, id, studentId)
  return c.json(await detailOr404(c, id))
})

usersAdminRoutes.delete('/api/v1/users/:id{[0-9]+}/students/:student', canManage, async (c) => {
  const id = pathId(c.req.param('id'))
  await detailOr404(c, id)
  if (!(await unlinkStudent(c.get('deps').db, actorOf(c), id, pathId(c.req.param('student')))))
    throw notFound()
  return c.json(await detailOr404(c, id))
})

usersAdminRoutes.post('/api/v1/users/bulk', canManage, async (c) => {
  const input = validate(c, userBulkSchema, await readJson(c))
  const { db } = c.get('deps')
  const actor = actorOf(c)
  // Nobody deactivates themselves or changes their own role, even inside a selection.
  const ids = [...new Set(input.ids)].filter((id) => id !== actor.id || input.action === 'send_reset')
  let updated = 0
  if (input.action === 'deactivate') updated = await setActive(db, actor, ids, false)
  if (input.action === 'reactivate') updated = await setActive(db, actor, ids, true)
  if (input.action === 'set_role') {
    const role = input.role_id ? await roleOf(db, actor.collegeId, input.role_id) : undefined
    if (!role) throw validationError({ role_id: [messages.roleRequired] })
    updated = await setRole(db, actor, ids, role.id)
  }
  if (input.action === 'send_reset') updated = await mailPasswordLinks(c, ids)
  return c.json({ updated, skipped: input.ids.length - updated } satisfies UserBulkResult)
})

/** The uploaded spreadsheet of an import, and whether to mail the new people their welcome. */
async function readImportFile(c: Context<AppEnv>) {
  const body = await c.req.parseBody().catch(() => {
    throw new ApiError(400, messages.invalidData)
  })
  const file = body.file
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: [messages.csvEmpty] })
  return { bytes: new Uint8Array(await file.arrayBuffer()), sendWelcome: body.send_welcome === '1' }
}

function previewOf(rows: CheckedRow[]): ImportPreview {
  const shown = rows.map(({ values: _v, studentRefs: _s, ...row }) => row)
  const invalid = shown.filter((r) => Object.keys(r.errors).length > 0).length
  return { rows: shown, total: shown.length, valid: shown.length - invalid, invalid }
}

usersAdminRoutes.post('/api/v1/users/import/preview', canManage, async (c) => {
  const { bytes } = await readImportFile(c)
  const rows = await checkImport(c.get('deps').db, c.get('auth').user.college_id!, bytes, requestLocale(c))
  return c.json(previewOf(rows))
})

usersAdminRoutes.post('/api/v1/users/import', canManage, async (c) => {
  const { bytes, sendWelcome: welcome } = await readImportFile(c)
  const { db } = c.get('deps')
  const actor = actorOf(c)
  const rows = await checkImport(db, actor.collegeId, bytes, requestLocale(c))
  const preview = previewOf(rows)
  if (preview.invalid > 0) throw new ApiError(422, messages.csvHasErrors, { extra: { preview } })
  let created: Awaited<ReturnType<typeof runImport>>
  try {
    created = await runImport(db, actor, rows)
  } catch (error) {
    // Someone added one of these people while the file was checked: check again, say which.
    const again = previewOf(await checkImport(db, actor.collegeId, bytes, requestLocale(c)))
    if (again.invalid > 0) throw new ApiError(422, messages.csvHasErrors, { extra: { preview: again } })
    throw error
  }
  if (welcome) {
    const college = requireCollege(c)
    sendWelcomes(
      c,
      college,
      created.map((person) => ({ ...person, locale: null, college_id: college.id })),
    )
  }
  return c.json({ created: created.length } satisfies ImportResult, 201)
})
