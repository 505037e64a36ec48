import { Hono } from 'hono'
import * as v from 'valibot'
import { MAX_INT, recordId, requiredText } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { isSchoolStaffRole } from '#shared/messenger.schema.ts'
import type { Course, Grade } from '#shared/posts.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound, validationError } from '../../platform/errors.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import { createCourse, deleteCourse, setStaffCourses, setStudentCourses } from './courses.service.ts'

export const coursesRoutes = new Hono<AppEnv>()
for (const path of ['/api/v1/grades', '/api/v1/courses/*', '/api/v1/students/*', '/api/v1/staff/*'])
  coursesRoutes.use(path, requireAuth, requireCollegeMember)

coursesRoutes.get('/api/v1/grades', async (c) => {
  const scope = tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
  const grades = await scope
    .selectFrom('grades')
    .select(['id', 'name', 'position'])
    .orderBy('position')
    .execute()
  const courses = await scope
    .selectFrom('courses')
    .select(['id', 'grade_id', 'name'])
    .orderBy(foldedOrder('name'))
    .execute()
  return c.json({ data: grades satisfies Grade[], courses: courses satisfies Course[], next_cursor: null })
})

coursesRoutes.post('/api/v1/courses', requirePermission('college.manage'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const schema = v.object({
    // A missing key gets the field's own message too, not valibot's generic one.
    grade_id: v.pipe(
      v.optional(v.number(message(messages.gradeRequired)), 0),
      v.integer(message(messages.gradeRequired)),
      v.minValue(1, message(messages.gradeRequired)),
      v.maxValue(MAX_INT, message(messages.gradeRequired)),
    ),
    name: requiredText(80),
  })
  const input = validate(c, schema, await readJson(c))
  const grade = await tenantScope(c.get('deps').db, collegeId)
    .selectFrom('grades')
    .select('id')
    .where('id', '=', input.grade_id)
    .executeTakeFirst()
  if (!grade) throw validationError({ grade_id: [messages.gradeUnknown] })
  return c.json(
    (await createCourse(c.get('deps').db, collegeId, input.grade_id, input.name)) satisfies Course,
    201,
  )
})

coursesRoutes.delete('/api/v1/courses/:id', requirePermission('college.manage'), async (c) => {
  const found = await deleteCourse(
    c.get('deps').db,
    c.get('auth').user.college_id!,
    pathId(c.req.param('id')),
  )
  if (!found) throw notFound()
  return c.body(null, 204)
})

const courseIdsSchema = v.object({
  course_ids: v.pipe(
    v.optional(v.unknown(), null),
    v.array(recordId, message(messages.courseRequired)),
    v.maxLength(200, message(messages.tooLong)),
  ),
})

/** 422 unless every id is a course of the college; the ids without repeats. */
async function checkCourses(scope: ReturnType<typeof tenantScope>, courseIds: number[]): Promise<number[]> {
  const ids = [...new Set(courseIds)]
  const found = ids.length
    ? await scope.selectFrom('courses').select('id').where('id', 'in', ids).execute()
    : []
  if (found.length !== ids.length) throw validationError({ course_ids: [messages.courseUnknown] })
  return ids
}

coursesRoutes.put('/api/v1/students/:id/courses', requirePermission('users.manage'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const studentId = pathId(c.req.param('id'))
  const input = validate(c, courseIdsSchema, await readJson(c))
  const scope = tenantScope(c.get('deps').db, collegeId)
  const student = await scope
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('users.id')
    .where('users.id', '=', studentId)
    .where('roles.key', '=', 'student')
    .executeTakeFirst()
  if (!student) throw notFound()
  const ids = await checkCourses(scope, input.course_ids)
  await setStudentCourses(c.get('deps').db, collegeId, studentId, ids)
  return c.json({ student_id: studentId, course_ids: ids })
})

/** The courses a member of staff teaches: the families of those courses may write to them. */
coursesRoutes.put('/api/v1/staff/:id/courses', requirePermission('users.manage'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const staffId = pathId(c.req.param('id'))
  const input = validate(c, courseIdsSchema, await readJson(c))
  const scope = tenantScope(c.get('deps').db, collegeId)
  const person = await scope
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'roles.key'])
    .where('users.id', '=', staffId)
    .executeTakeFirst()
  if (!person) throw notFound()
  if (!isSchoolStaffRole(person.key)) throw validationError({ course_ids: [messages.staffCoursesRoleOnly] })
  const ids = await checkCourses(scope, input.course_ids)
  await setStaffCourses(c.get('deps').db, collegeId, staffId, ids)
  return c.json({ user_id: staffId, course_ids: ids })
})
