import * as v from 'valibot'
import {
  birthdate,
  chosenId,
  email,
  optionalText,
  password,
  passwordConfirmation,
  plainString,
  queryId,
  recordId,
  requiredSecret,
  rut,
} from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { listQuerySchema } from './pagination.ts'
import type { RoleKey } from './permissions.ts'

export const profileSchema = v.object({
  name: v.pipe(
    v.optional(plainString(m.nameRequired), ''),
    v.trim(),
    v.nonEmpty(message(m.nameRequired)),
    v.maxLength(100, message(m.tooLong)),
  ),
  first_lastname: optionalText(100),
  second_lastname: optionalText(100),
  email,
  rut,
  phone: optionalText(30),
  birthdate,
})
export type ProfileInput = v.InferInput<typeof profileSchema>
export type ProfileOutput = v.InferOutput<typeof profileSchema>

export const passwordChangeSchema = v.pipe(
  v.object({
    current_password: requiredSecret,
    password,
    password_confirmation: passwordConfirmation,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      message(m.passwordMismatch),
    ),
    ['password_confirmation'],
  ),
)
export type PasswordChangeInput = v.InferInput<typeof passwordChangeSchema>

// Administration of the college's people (the /users screens).

/** A person as an administrator edits them: the profile, the role and, for a student, the course. */
export const userAdminSchema = v.object({
  ...profileSchema.entries,
  role_id: chosenId(m.roleRequired),
  /** A student's course; ignored for other roles. */
  course_id: v.optional(v.nullable(recordId), null),
})
export type UserAdminInput = v.InferInput<typeof userAdminSchema>

export const userCreateSchema = v.object({
  ...userAdminSchema.entries,
  /** A guardian's students, linked at once. */
  student_ids: v.optional(v.pipe(v.array(recordId), v.maxLength(20, message(m.tooLong))), []),
  /** Mail the person a link to choose their password. */
  send_welcome: v.optional(v.boolean(), true),
})
export type UserCreateInput = v.InferInput<typeof userCreateSchema>

/** A student to link to a guardian. */
export const studentLinkSchema = v.object({ student_id: chosenId(m.studentUnknown) })

export const USER_SORTS = ['name', 'last_name', 'email', 'created_at'] as const
export const USER_STATUSES = ['active', 'inactive', 'all'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const userListQuerySchema = v.object({
  ...listQuerySchema(USER_SORTS).entries,
  role: queryId,
  grade: queryId,
  course: queryId,
  status: v.optional(v.picklist(USER_STATUSES, message(m.fieldRequired)), 'active'),
})

export const USER_BULK_ACTIONS = ['deactivate', 'reactivate', 'set_role', 'send_reset'] as const

export const userBulkSchema = v.object({
  action: v.picklist(USER_BULK_ACTIONS, message(m.fieldRequired)),
  ids: v.pipe(
    v.optional(v.array(recordId), []),
    v.minLength(1, message(m.fieldRequired)),
    v.maxLength(500, message(m.tooLong)),
  ),
  role_id: v.optional(recordId),
})
export type UserBulkInput = v.InferInput<typeof userBulkSchema>

export type RoleRef = { id: number; key: RoleKey; name: string }
export type CourseRef = { id: number; name: string }
export type PersonRef = { id: number; name: string; email: string; courses: CourseRef[] }

export type UserRow = {
  id: number
  name: string
  first_lastname: string
  second_lastname: string
  email: string
  rut: string
  phone: string
  avatar_url: string | null
  role: RoleRef
  courses: CourseRef[]
  active: boolean
  created_at: string
}

export type UserDetail = UserRow & {
  birthdate: string
  deactivated_at: string | null
  /** When the person last used the app (any device), or null if never. */
  last_seen_at: string | null
  /** A guardian's students. */
  students: PersonRef[]
  /** A student's guardians. */
  guardians: PersonRef[]
  /** The courses a member of staff teaches (families of those courses may write to them). */
  teaches: { id: number; name: string }[]
  /** Has chosen a password (a new account waits for its welcome link). */
  has_password: boolean
}

export type UserBulkResult = { updated: number; skipped: number }

/** One row of a CSV import as the preview shows it: its line in the file, what it says, its errors. */
export type ImportRow = {
  line: number
  name: string
  email: string
  rut: string
  role: string
  course: string
  students: string
  errors: Record<string, string[]>
}
export type ImportPreview = { rows: ImportRow[]; total: number; valid: number; invalid: number }
export type ImportResult = { created: number }
export const IMPORT_MAX_ROWS = 5000
