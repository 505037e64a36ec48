// Avatars are checked by their content, not their name, and stored resized under a random name.
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { storePicture } from '../../platform/images.ts'
import type { Storage } from '../../platform/storage.ts'

export function storeAvatar(storage: Storage, collegeId: number | null, file: File): Promise<string> {
  return storePicture(storage, `avatars/${collegeId ?? 'platform'}`, file, {
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    sizeMessage: messages.avatarSize,
    typeMessage: messages.avatarType,
    shape: (image) => image.resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' }),
  })
}
