// Where a college's pictures come from, with the spec's defaults when it has none.
import type { CollegeDomain } from '#shared/api-types.ts'
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

/** The 192-pixel icon drawn from the logo whose hash is given (`app-icons.ts`). */
export function iconUrl(college: College, hash: string): string {
  return `/icons/${college.id}/${hash}-192.png`
}

/**
 * What `POST /api/colleges/domain` answers, also written into each college's index.html.
 * `hash`: the logo's, from `currentLogoHash`.
 */
export function toDomainDto(college: College, hash: string): CollegeDomain {
  return {
    id: college.id,
    name: college.name,
    domain: {
      college_logo: logoUrl(college),
      college_icon: iconUrl(college, hash),
      college_image: imageUrl(college),
      language: college.language,
      theme_color: college.theme_color,
      timezone: college.timezone,
      currency: college.currency,
    },
    suspended: college.suspended_at !== null,
    have_advertising: college.have_advertising === 1,
  }
}
