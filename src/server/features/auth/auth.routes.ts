import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '#shared/auth.schema.ts'
import { matchLocale } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { audit } from '../../platform/audit.ts'
import { issueToken, requireAuth, revokeToken, suspended } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, validationError } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { publicOrigin, sendPasswordReset } from '../../platform/password-links.ts'
import { burnPasswordCheck, hashPassword, replacePassword, verifyPassword } from '../../platform/passwords.ts'
import { clearLimits, consumeAttempt, refundAttempt } from '../../platform/rate-limit.ts'
import { randomToken, sha256 } from '../../platform/secrets.ts'
import { isAdvertisingHost } from '../../platform/tenancy.ts'
import { readJson, validate } from '../../platform/validate.ts'
import {
  FORGOT_MAX_PER_CLIENT,
  FORGOT_MAX_PER_EMAIL,
  findLoginUser,
  findLoginUsers,
  LOGIN_MAX_PER_CLIENT,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_WINDOW_MS,
  limitScope,
} from './auth.service.ts'

export const authRoutes = new Hono<AppEnv>()

authRoutes.get('/sanctum/csrf-cookie', (c) => {
  // Secure whenever the page came over HTTPS, directly or through a trusted proxy.
  const secure = publicOrigin(c).startsWith('https:')
  setCookie(c, 'XSRF-TOKEN', randomToken(24), { path: '/', sameSite: 'Lax', maxAge: 2 * 60 * 60, secure })
  return c.body(null, 204)
})

authRoutes.post('/api/login-mobile', async (c) => {
  const input = validate(c, loginSchema, await readJson(c))
  const { db } = c.get('deps')
  const scope = limitScope(c)
  const emailKey = `login:email:${scope}:${input.email}`
  const clientKey = `login:client:${scope}:${clientIp(c)}`
  // Counted before the password is checked: forty attempts sent at once check five passwords, not forty.
  await consumeAttempt(db, [
    { key: emailKey, max: LOGIN_MAX_PER_EMAIL, windowMs: LOGIN_WINDOW_MS },
    { key: clientKey, max: LOGIN_MAX_PER_CLIENT, windowMs: LOGIN_WINDOW_MS },
  ])
  const candidates = await findLoginUsers(c, input.email)
  let user: (typeof candidates)[number] | undefined
  for (const candidate of candidates) {
    if (await verifyPassword(input.password, candidate.password_hash)) {
      user = candidate
      break
    }
  }
  if (candidates.length === 0) await burnPasswordCheck(input.password)
  if (!user) throw new ApiError(400, messages.loginFailed)
  // Said only to someone who knows the password: nobody else learns that the account exists.
  if (user.deactivated_at) throw new ApiError(403, messages.accountDeactivated)
  if (user.college_id !== null && c.get('college')?.suspended_at) throw suspended()
  if (user.role_key === 'company' && !isAdvertisingHost(c))
    throw new ApiError(403, messages.companyHostRefused)
  // The person proved who they are: their address starts afresh, and a school's shared connection
  // is not used up by the sign-ins that worked.
  await clearLimits(db, [emailKey])
  await refundAttempt(db, [clientKey])
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
  const { user, tokenId } = c.get('auth')
  await revokeToken(c.get('deps').db, tokenId)
  await audit(c.get('deps').db, {
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
  const { db } = c.get('deps')
  const scope = limitScope(c)
  await consumeAttempt(db, [
    { key: `forgot:email:${scope}:${input.email}`, max: FORGOT_MAX_PER_EMAIL, windowMs: LOGIN_WINDOW_MS },
    { key: `forgot:client:${scope}:${clientIp(c)}`, max: FORGOT_MAX_PER_CLIENT, windowMs: LOGIN_WINDOW_MS },
  ])
  const user = await findLoginUser(c, input.email)
  const college = c.get('college')
  if (user && college && !user.deactivated_at) {
    // The mail is not awaited: the answer takes the same time whether or not the address has an account.
    await sendPasswordReset(c, college, user, matchLocale(user.locale) ?? requestLocale(c))
  }
  return c.json({ message: translate(messages.resetLinkSent, requestLocale(c)) })
})

authRoutes.post('/api/reset-password', async (c) => {
  const input = validate(c, resetPasswordSchema, await readJson(c))
  const { db } = c.get('deps')
  const user = await findLoginUser(c, input.email)
  const reset = user
    ? await db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', sha256(input.token))
        .where('user_id', '=', user.id)
        .executeTakeFirst()
    : undefined
  if (!user || user.deactivated_at || !reset || reset.used_at || reset.expires_at < nowIso()) {
    throw validationError({ token: [messages.resetTokenInvalid] })
  }
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (trx) => {
    // Consumed by one conditional update: of two resets sent at once, the second finds it used.
    const taken = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso() })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) !== 1) throw validationError({ token: [messages.resetTokenInvalid] })
    await replacePassword(trx, user, passwordHash, { action: 'auth.password_reset', ip: clientIp(c) })
  })
  return c.json({ message: translate(messages.passwordResetDone, requestLocale(c)) })
})
