// Avatars are checked by their content, not their name, and stored resized under a random name.
import sharp from 'sharp'
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { validationError } from '../../platform/errors.ts'
import { randomToken } from '../../platform/secrets.ts'
import type { Storage } from '../../platform/storage.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

export async function storeAvatar(storage: Storage, collegeId: number | null, file: File): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw validationError({ avatar: [messages.avatarSize] })
  const input = Buffer.from(await file.arrayBuffer())
  let format: string | undefined
  try {
    format = (await sharp(input).metadata()).format
  } catch {
    format = undefined
  }
  if (!format || !ACCEPTED.has(format)) throw validationError({ avatar: [messages.avatarType] })
  const output = await sharp(input)
    .rotate()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer()
  const key = `avatars/${collegeId ?? 'platform'}/${randomToken(18)}.webp`
  await storage.put(key, output)
  return key
}
