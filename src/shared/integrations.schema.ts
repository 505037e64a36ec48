// Outgoing mail settings of a college (the /admin/integrations screen). The password is write-only:
// the server keeps it encrypted and never sends it back.
import * as v from 'valibot'
import { optionalEmail } from './colleges.schema.ts'
import { email, isHostName, optionalText, plainString } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const SMTP_SECURITIES = ['none', 'starttls', 'tls'] as const
export type SmtpSecurityName = (typeof SMTP_SECURITIES)[number]

export const mailSettingsSchema = v.object({
  /** Empty: no mail server (mail is kept as files, for a trial installation). */
  host: v.pipe(
    optionalText(255),
    v.check((value) => value === '' || isHostName(value), message(m.hostInvalid)),
  ),
  port: v.pipe(
    v.optional(v.number(message(m.portInvalid)), 587),
    v.integer(message(m.portInvalid)),
    v.minValue(1, message(m.portInvalid)),
    v.maxValue(65535, message(m.portInvalid)),
  ),
  security: v.optional(v.picklist(SMTP_SECURITIES, message(m.fieldRequired)), 'starttls'),
  user: optionalText(255),
  /** Empty keeps the saved password. */
  password: v.pipe(v.optional(plainString(), ''), v.maxLength(500, message(m.tooLong))),
  clear_password: v.optional(v.boolean(), false),
  from_address: optionalEmail,
  from_name: optionalText(120),
})
export type MailSettingsInput = v.InferInput<typeof mailSettingsSchema>

export const mailTestSchema = v.object({
  ...mailSettingsSchema.entries,
  to: email,
})
export type MailTestInput = v.InferInput<typeof mailTestSchema>

export type MailSettings = {
  host: string
  port: number
  security: SmtpSecurityName
  user: string
  has_password: boolean
  from_address: string
  from_name: string
}

/** A test mail's outcome: the server's answer, or what went wrong in plain words. */
export type MailTestResult = { ok: boolean; message: string; answer: string }
