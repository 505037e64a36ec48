import * as v from 'valibot'
import {
  birthdate,
  email,
  optionalText,
  password,
  passwordConfirmation,
  requiredSecret,
  rut,
} from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const profileSchema = v.object({
  name: v.pipe(
    v.optional(v.string(message(m.nameRequired)), ''),
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
