import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { passwordChangeSchema, profileSchema } from '#shared/users.schema.ts'
import { audit } from '../../platform/audit.ts'
import { bearerToken, findUserByToken, requireAuth } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { unauthenticated, validationError } from '../../platform/errors.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { hashPassword, replacePassword, verifyPassword } from '../../platform/passwords.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { storeAvatar } from './avatar.ts'
import { toUserDto } from './user-dto.ts'
import { readProfileBody, sameAccount, uniquenessErrors } from './users.service.ts'

export const usersRoutes = new Hono<AppEnv>()

usersRoutes.use('/api/v1/user', requireAuth)
usersRoutes.use('/api/v1/users/*', requireAuth)

usersRoutes.get('/api/v1/user', (c) => c.json(toUserDto(c.get('auth').user)))

/** `GET /api/v1/user` above, as plain node:http answers it for a session already kept (fast-reads.ts). */
export const currentUserRead: FastRead = ({ auth }) => toUserDto(auth.user)

usersRoutes.post('/api/v1/users/update/profile', async (c) => {
  const { db, storage } = c.get('deps')
  const user = c.get('auth').user
  const { fields, avatar } = await readProfileBody(c)
  const input = validate(c, profileSchema, fields)
  const taken = await uniquenessErrors(db, user, input, user.id)
  if (Object.keys(taken).length) throw validationError(taken)
  const newAvatar = avatar ? await storeAvatar(storage, user.college_id, avatar) : undefined
  const changed = Object.keys(input).filter(
    (k) => input[k as keyof typeof input] !== user[k as keyof typeof user],
  )
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...input, ...(newAvatar ? { avatar: newAvatar } : {}), updated_at: nowIso() })
        .where('id', '=', user.id)
        .where(sameAccount(user))
        .execute()
      await audit(trx, {
        collegeId: user.college_id,
        actorId: user.id,
        action: 'user.profile_updated',
        subjectType: 'user',
        subjectId: user.id,
        details: { fields: newAvatar ? [...changed, 'avatar'] : changed },
        ip: clientIp(c),
      })
    })
  } catch (error) {
    if (newAvatar) await storage.remove(newAvatar)
    // Two saves racing for the same address: the unique index decides, the user gets the field message.
    const raced = await uniquenessErrors(db, user, input, user.id)
    if (Object.keys(raced).length) throw validationError(raced)
    throw error
  }
  if (newAvatar && user.avatar) await storage.remove(user.avatar)
  const fresh = await findUserByToken(db, bearerToken(c)!, user.college_id)
  if (!fresh) throw unauthenticated()
  return c.json(toUserDto(fresh.user))
})

usersRoutes.put('/api/v1/users/update/password', async (c) => {
  const { db } = c.get('deps')
  const { user, tokenId } = c.get('auth')
  const input = validate(c, passwordChangeSchema, await readJson(c))
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw validationError({ current_password: [messages.currentPasswordWrong] })
  }
  const passwordHash = await hashPassword(input.password)
  // Other devices must sign in again with the new password; this one stays signed in.
  await db.transaction().execute((trx) =>
    replacePassword(trx, user, passwordHash, {
      action: 'user.password_changed',
      ip: clientIp(c),
      keepTokenId: tokenId,
    }),
  )
  return c.json({ message: translate(messages.passwordUpdated, requestLocale(c)) })
})
