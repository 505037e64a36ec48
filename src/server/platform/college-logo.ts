// A college's logo as bytes (home-screen icons, receipts), with the spec's default when it has none.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { College } from './context.ts'
import type { Storage } from './storage.ts'

export async function logoBytes(college: College, storage: Storage, publicDir: string): Promise<Buffer> {
  const stored = college.logo ? await storage.get(college.logo) : undefined
  return stored ?? readFile(join(publicDir, 'default', 'logo.jpeg'))
}
