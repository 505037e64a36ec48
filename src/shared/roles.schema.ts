// User roles: a name and the permissions it grants (the /users/roles screen).
import * as v from 'valibot'
import { requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { PERMISSIONS, type Permission, type RoleKey } from './permissions.ts'

/** What a college's roles may grant: everything but the platform owner's own permission. */
export const COLLEGE_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'platform.manage')

export const roleSchema = v.object({
  name: requiredText(60),
  permissions: v.pipe(
    v.optional(v.array(v.string(message(m.permissionUnknown))), []),
    v.check(
      (list) => list.every((p) => (COLLEGE_PERMISSIONS as readonly string[]).includes(p)),
      message(m.permissionUnknown),
    ),
    v.transform((list) => [...new Set(list)] as Permission[]),
  ),
})
export type RoleInput = v.InferInput<typeof roleSchema>

export type Role = {
  id: number
  key: RoleKey
  name: string
  /** Built-in roles (administrator, staff, guardian, student, company) cannot be deleted or renamed. */
  built_in: boolean
  permissions: Permission[]
  /** How many people hold it. */
  holders: number
}
