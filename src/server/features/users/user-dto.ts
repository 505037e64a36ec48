import type { User } from '#shared/api-types.ts'
import { matchLocale } from '#shared/constants.ts'
import type { AuthUser } from '../../platform/context.ts'
import { mediaUrl } from '../../platform/media.ts'

export function toUserDto(user: AuthUser): User {
  return {
    id: user.id,
    college_id: user.college_id,
    name: user.name,
    first_lastname: user.first_lastname,
    second_lastname: user.second_lastname,
    email: user.email,
    rut: user.rut,
    phone: user.phone,
    birthdate: user.birthdate,
    avatar: mediaUrl(user.avatar),
    avatar_url: mediaUrl(user.avatar),
    role: user.role_key,
    type: user.role_key,
    permissions: user.permissions,
    locale: matchLocale(user.locale) ?? null,
  }
}
