import * as v from 'valibot'
import { email, optionalText, password, passwordConfirmation, requiredSecret } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const loginSchema = v.object({
  email,
  password: requiredSecret,
  device_name: optionalText(255),
})
export type LoginInput = v.InferInput<typeof loginSchema>

export const forgotPasswordSchema = v.object({ email })
export type ForgotPasswordInput = v.InferInput<typeof forgotPasswordSchema>

export const resetPasswordSchema = v.pipe(
  v.object({
    token: requiredSecret,
    email,
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
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>
