// The platform owner's screen: the colleges served, each with its host names.
import * as v from 'valibot'
import { slug } from './colleges.schema.ts'
import { LOCALES } from './constants.ts'
import { email, isHostName, plainString, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { listQuerySchema } from './pagination.ts'

export const platformCollegeSchema = v.object({
  name: requiredText(120),
  slug,
  hosts: v.pipe(
    v.optional(
      v.array(
        v.pipe(
          plainString(m.hostInvalid),
          v.trim(),
          v.toLowerCase(),
          v.check((host) => isHostName(host), message(m.hostInvalid)),
        ),
      ),
      [],
    ),
    v.minLength(1, message(m.hostRequired)),
    v.maxLength(10, message(m.tooLong)),
  ),
  language: v.picklist(LOCALES, message(m.languageInvalid)),
  admin_name: v.pipe(
    v.optional(plainString(m.nameRequired), ''),
    v.trim(),
    v.nonEmpty(message(m.nameRequired)),
    v.maxLength(100, message(m.tooLong)),
  ),
  admin_email: email,
})
export type PlatformCollegeInput = v.InferInput<typeof platformCollegeSchema>

export const platformCollegeListSchema = v.object({ ...listQuerySchema(['name', 'created_at']).entries })

export type PlatformCollege = {
  id: number
  name: string
  slug: string
  hosts: string[]
  language: string
  suspended_at: string | null
  created_at: string
  /** Active people of the college. */
  people: number
}
