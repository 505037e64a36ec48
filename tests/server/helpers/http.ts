// Small readers for answers, so tests say what they check rather than how they parse it.
import type { Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'

/**
 * Asks for English explicitly: without Accept-Language the server answers in the college's language
 * (Spanish on localhost), so English expectations would break once the Spanish catalog is filled in.
 */
export const EN = { 'accept-language': 'en' } as const

export type ErrorBody = { message: string; errors?: Record<string, string[]> }

export async function body<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T
}

export async function userIdOf(db: Kysely<Database>, email: string, collegeSlug?: string): Promise<number> {
  let query = db
    .selectFrom('users')
    .innerJoin('colleges', 'colleges.id', 'users.college_id')
    .select('users.id')
  query = query.where('users.email', '=', email)
  if (collegeSlug) query = query.where('colleges.slug', '=', collegeSlug)
  const row = await query.executeTakeFirstOrThrow()
  return row.id
}

export async function collegeIdOf(db: Kysely<Database>, slug: 'demo' | 'beta'): Promise<number> {
  const row = await db.selectFrom('colleges').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
  return row.id
}

/** Polls until `check` returns a value (or throws the last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
