// Uploaded files, served only on the host of the college they belong to. Names are random and never
// reused, so a file can be cached for long.
import { type Context, Hono } from 'hono'
import type { AppEnv } from './context.ts'
import { notFound } from './errors.ts'
import type { Storage } from './storage.ts'
import { isPlatformHost } from './tenancy.ts'

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
}

/** The address of a stored file (avatars, pictures, logos), or null when there is none. */
export function mediaUrl(key: string | null | undefined): string | null {
  return key ? `/media/${key}` : null
}

export const mediaRoutes = new Hono<AppEnv>()

mediaRoutes.get('/media/:kind/:owner/:file', async (c) => {
  const { kind, owner, file } = c.req.param()
  if (!/^[a-z-]+$/.test(kind) || !/^[\w-]+\.[a-z0-9]+$/i.test(file)) throw notFound()
  const college = c.get('college')
  const allowed =
    owner === 'platform' ? isPlatformHost(c) : college !== undefined && String(college.id) === owner
  if (!allowed) throw notFound()
  const ext = file.split('.').pop()!.toLowerCase()
  return sendStored(c, c.get('deps').storage, `${kind}/${owner}/${file}`, {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': 'private, max-age=31536000, immutable',
  })
})

/** A stored file streamed to the browser as the store hands it over (404 when there is none). */
export async function sendStored(
  c: Context<AppEnv>,
  storage: Storage,
  key: string,
  headers: Record<string, string>,
): Promise<Response> {
  const file = await storage.open(key)
  if (!file) throw notFound()
  const length: Record<string, string> =
    file.size === undefined ? {} : { 'Content-Length': String(file.size) }
  return c.body(file.body, 200, { ...headers, ...length })
}
