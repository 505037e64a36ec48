// The /admin/integrations screen's API: the college's outgoing mail server, and a real test mail.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  type MailSettings,
  type MailTestResult,
  mailSettingsSchema,
  mailTestSchema,
} from '#shared/integrations.schema.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { SMTP_SECURITY, type SmtpSettings, securityOf, sendSmtp } from '../../platform/mail.ts'
import { describeMailError } from '../../platform/mail-errors.ts'
import { decryptSecret, encryptSecret } from '../../platform/secrets.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const integrationsRoutes = new Hono<AppEnv>()
integrationsRoutes.use(
  '/api/v1/integrations/*',
  requireAuth,
  requireCollegeMember,
  requirePermission('integrations.manage'),
)

async function currentCollege(c: Context<AppEnv>): Promise<College> {
  const { db } = c.get('deps')
  return db
    .selectFrom('colleges')
    .selectAll()
    .where('id', '=', c.get('auth').user.college_id!)
    .executeTakeFirstOrThrow()
}

function settingsDto(college: College): MailSettings {
  return {
    host: college.smtp_host ?? '',
    port: college.smtp_port ?? 587,
    security: securityOf(college.smtp_secure),
    user: college.smtp_user ?? '',
    has_password: Boolean(college.smtp_password_enc),
    from_address: college.smtp_from ?? '',
    from_name: college.smtp_from_name ?? '',
  }
}

integrationsRoutes.get('/api/v1/integrations/mail', async (c) => {
  return c.json(settingsDto(await currentCollege(c)))
})

integrationsRoutes.put('/api/v1/integrations/mail', async (c) => {
  const input = validate(c, mailSettingsSchema, await readJson(c))
  const { db, config } = c.get('deps')
  const actor = actorOf(c)
  const password = input.clear_password
    ? { smtp_password_enc: null }
    : input.password
      ? { smtp_password_enc: encryptSecret(input.password, config.appKey) }
      : {}
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('colleges')
      .set({
        smtp_host: input.host || null,
        smtp_port: input.port,
        smtp_secure: SMTP_SECURITY[input.security],
        smtp_user: input.user || null,
        smtp_from: input.from_address || null,
        smtp_from_name: input.from_name || null,
        ...password,
        updated_at: nowIso(),
      })
      .where('id', '=', actor.collegeId)
      .execute()
    // The audit row says the password changed, never what it is.
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'integrations.mail_updated',
      subjectType: 'college',
      subjectId: actor.collegeId,
      details: {
        host: input.host,
        port: input.port,
        security: input.security,
        password_changed: 'smtp_password_enc' in password,
      },
      ip: actor.ip,
    })
  })
  return c.json(settingsDto(await currentCollege(c)))
})

/**
 * Sends a real message with the settings on the screen (saved or not; an empty password means the
 * saved one) and answers the server's reply, or what went wrong in plain words.
 */
integrationsRoutes.post('/api/v1/integrations/mail/test', async (c) => {
  const input = validate(c, mailTestSchema, await readJson(c))
  const college = await currentCollege(c)
  const { config } = c.get('deps')
  const lang = requestLocale(c)
  if (!input.host) {
    return c.json({
      ok: false,
      message: translate(messages.smtpNotConfigured, lang),
      answer: '',
    } satisfies MailTestResult)
  }
  const saved =
    college.smtp_password_enc && !input.clear_password
      ? decryptSecret(college.smtp_password_enc, config.appKey)
      : ''
  const settings: SmtpSettings = {
    host: input.host,
    port: input.port,
    security: input.security,
    user: input.user,
    password: input.password || saved,
    from: input.from_address || college.email || 'no-reply@localhost',
    fromName: input.from_name || college.name,
  }
  try {
    const answer = await sendSmtp(settings, {
      to: input.to,
      subject: translate(messages.smtpTestSubject, lang, { college: college.name }),
      text: translate(messages.smtpTestBody, lang, { college: college.name, host: input.host }),
    })
    return c.json({
      ok: true,
      message: translate(messages.smtpAccepted, lang),
      answer,
    } satisfies MailTestResult)
  } catch (error) {
    const { descriptor, values } = describeMailError(error, settings)
    return c.json({
      ok: false,
      message: translate(descriptor, lang, values),
      answer: String(values.answer ?? ''),
    } satisfies MailTestResult)
  }
})
