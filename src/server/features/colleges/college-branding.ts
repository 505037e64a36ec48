// Where a college's pictures come from, with the spec's defaults when it has none.
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import { logoBytes } from '../../platform/college-logo.ts'
import type { College } from '../../platform/context.ts'
import { mediaUrl } from '../../platform/media.ts'
import type { Storage } from '../../platform/storage.ts'
import { logoHash } from './app-icons.ts'

export function logoUrl(college: College): string {
  return mediaUrl(college.logo) ?? COLLEGE_DEFAULTS.logo
}

export function imageUrl(college: College): string {
  return mediaUrl(college.image) ?? '/default/app.jpeg'
}

const hashes = new Map<string, string>()

/**
 * The logo's hash, which names its icons. A stored logo's key is random and never reused, so the
 * hash is worked out once per key; only the default logo (no key) depends on the file on disk.
 */
export async function currentLogoHash(
  college: College,
  storage: Storage,
  publicDir: string,
): Promise<string> {
  const key = `${college.id}|${college.logo}`
  const known = hashes.get(key)
  if (known) return known
  const hash = logoHash(await logoBytes(college, storage, publicDir))
  if (hashes.size > 1000) hashes.clear()
  hashes.set(key, hash)
  return hash
}
