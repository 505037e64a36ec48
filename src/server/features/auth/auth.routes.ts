import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '#shared/auth.schema.ts'
import { matchLocale } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { audit } from '../../platform/audit.ts'
import { issueToken, requireAuth, revokeAllTokens, revokeToken } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { logger } from '../../platform/logger.ts'
import { sendMail } from '../../platform/mail.ts'
import { burnPasswordCheck, hashPassword, replacePassword, verifyPassword } from '../../platform/passwords.ts'
import { assertWithinLimits, clearHits, recordHit } from '../../platform/rate-limit.ts'
import { randomToken, sha256 } from '../../platform/secrets.ts'
import { readJson, validate } from '../../platform/validate.ts'
import {
  createPasswordReset,
  FORGOT_MAX_PER_CLIENT,
  FORGOT_MAX_PER_EMAIL,
  findLoginUser,
  findLoginUsers,
  LOGIN_MAX_PER_CLIENT,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_WINDOW_MS,
  publicOrigin,
  resetMail,
} from './auth.service.ts'

export const authRoutes = new Hono<AppEnv>()

authRoutes.get('/sanctum/csrf-cookie', (c) => {
  setCookie(c, 'XSRF-TOKEN', randomToken(24), { path: '/', sameSite: 'Lax', maxAge: 2 * 60 * 60 })
  return c.body(null, 204)
})

authRoutes.post('/api/login-mobile', async (c) => {
  const input = validate(c, loginSchema, await readJson(c))
  const { db } = c.var.deps
  const limits = [
    { key: `login:email:${c.var.host}:${input.email}`, max: LOGIN_MAX_PER_EMAIL, windowMs: LOGIN_WINDOW_MS },
    {
      key: `login:client:${c.var.host}:${clientIp(c)}`,
      max: LOGIN_MAX_PER_CLIENT,
      windowMs: LOGIN_WINDOW_MS,
    },
  ]
  await assertWithinLimits(db, limits)
  const candidates = await findLoginUsers(c, input.email)
  let user: (typeof candidates)[number] | undefined
  for (const candidate of candidates) {
    if (await verifyPassword(input.password, candidate.password_hash)) {
      user = candidate
      break
    }
  }
  if (candidates.length === 0) await burnPasswordCheck(input.password)
  const ok = user !== undefined
  if (!user || !ok) {
    await recordHit(db, limits)
    throw new ApiError(400, messages.loginFailed)
  }
  await clearHits(db, [limits[0]!.key])
  const deviceName = input.device_name || c.req.header('user-agent')?.slice(0, 255) || 'unknown device'
  const token = await issueToken(db, user, deviceName)
  await audit(db, {
    collegeId: user.college_id,
    actorId: user.id,
    action: 'auth.login',
    subjectType: 'user',
    subjectId: user.id,
    details: { device: deviceName },
    ip: clientIp(c),
  })
  return c.json({ token, type: user.role_key })
})

authRoutes.post('/api/logout-mobile', requireAuth, async (c) => {
  const { user, tokenId } = c.var.auth
  await revokeToken(c.var.deps.db, tokenId)
  await audit(c.var.deps.db, {
    collegeId: user.college_id,
    actorId: user.id,
    action: 'auth.logout',
    subjectType: 'user',
    subjectId: user.id,
    ip: clientIp(c),
  })
  return c.json({ message: translate(messages.loggedOut, requestLocale(c)) })
})

authRoutes.post('/api/forgot-password-user', async (c) => {
  const input = validate(c, forgotPasswordSchema, await readJson(c))
  const { db, config } = c.var.deps
  const limits = [
    {
      key: `forgot:email:${c.var.host}:${input.email}`,
      max: FORGOT_MAX_PER_EMAIL,
      windowMs: LOGIN_WINDOW_MS,
    },
    {
      key: `forgot:client:${c.var.host}:${clientIp(c)}`,
      max: FORGOT_MAX_PER_CLIENT,
      windowMs: LOGIN_WINDOW_MS,
    },
  ]
  await assertWithinLimits(db, limits)
  await recordHit(db, limits)
  const user = await findLoginUser(c, input.email)
  const college = c.var.college
  if (user && college) {
    const token = await createPasswordReset(db, user)
    const link = `${publicOrigin(c)}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`
    const lang = matchLocale(user.locale) ?? requestLocale(c)
    // Not awaited: the answer must take the same time whether or not the address has an account.
    void sendMail(college, resetMail(college, user, link, lang), {
      appKey: config.appKey,
      dataDir: config.dataDir,
    })
      .then(() => logger.info('password reset mail sent', { userId: user.id }))
      .catch((error: unknown) =>
        logger.error('password reset mail failed', { userId: user.id, error: String(error) }),
      )
  }
  return c.json({ message: translate(messages.resetLinkSent, requestLocale(c)) })
})

authRoutes.post('/api/reset-password', async (c) => {
  const input = validate(c, resetPasswordSchema, await readJson(c))
  const { db } = c.var.deps
  const user = await findLoginUser(c, input.email)
  const reset = user
    ? await db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', sha256(input.token))
        .where('user_id', '=', user.id)
        .executeTakeFirst()
    : undefined
  if (!user || !reset || reset.used_at || reset.expires_at < nowIso()) {
    throw validationError({ token: [messages.resetTokenInvalid] })
  }
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('password_resets').set({ used_at: nowIso() }).where('id', '=', reset.id).execute()
    await replacePassword(trx, user, passwordHash, { action: 'auth.password_reset', ip: clientIp(c) })
  })
  return c.json({ message: translate(messages.passwordResetDone, requestLocale(c)) })
})
