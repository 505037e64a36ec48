// Where a college's pictures come from, with the spec's defaults when it has none.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import type { College } from '../../platform/context.ts'
import type { Storage } from '../../platform/storage.ts'

export function logoUrl(college: College): string {
  return college.logo ? `/media/${college.logo}` : COLLEGE_DEFAULTS.logo
}

export function imageUrl(college: College): string {
  return college.image ? `/media/${college.image}` : '/default/app.jpeg'
}

export async function logoBytes(college: College, storage: Storage, publicDir: string): Promise<Buffer> {
  const stored = college.logo ? await storage.get(college.logo) : undefined
  return stored ?? readFile(join(publicDir, 'default', 'logo.jpeg'))
}
