// A create with the client's id (the outbox's), written once however many times it is sent.
import type { InsertResult, Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from './context.ts'
import { ApiError, notFound } from './errors.ts'

/** An insert that met an id already stored (`on conflict (id) do nothing`) and wrote nothing. */
export function insertedNothing(result: InsertResult): boolean {
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 0
}

/** The collections created with the client's id, whose creates a replay may repeat. */
type CreatedOnce = 'posts' | 'events' | 'documents'

/**
 * Whether `id` is stored in `table` as this user's own create (a replay): the college of the stored
 * copy, to answer with it; `undefined` when the id is not stored. Another user's id is a 409, and a
 * replay of something deleted since stays deleted (404).
 */
export async function storedReplay(
  db: Kysely<Database>,
  table: CreatedOnce,
  user: AuthUser,
  id: string,
): Promise<number | undefined> {
  const existing = await db
    .selectFrom(table as 'posts')
    .select(['college_id', 'author_id', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!existing) return undefined
  if (existing.college_id !== user.college_id || existing.author_id !== user.id)
    throw new ApiError(409, messages.idTaken)
  if (existing.deleted_at) throw notFound()
  return existing.college_id
}

/**
 * Checks, then writes; a replay (the id already stored) is found by the write itself, which inserts
 * nothing and answers `undefined`, not by a lookup before it that every create paid for the few that
 * are replays (two round trips of nine on PostgreSQL with the target lookups, README). A replay is
 * answered with what is stored even where today's checks refuse what it sends (a course deleted
 * since). `replay` answers the stored copy, throws why it cannot be (another user's id, deleted), or
 * `undefined` when the id is not stored.
 */
export async function createOnce<C, W, R>(steps: {
  check: () => Promise<C>
  write: (checked: C) => Promise<W | undefined>
  replay: () => Promise<R | undefined>
}): Promise<{ replay: R } | { checked: C; written: W }> {
  let checked: C
  try {
    checked = await steps.check()
  } catch (error) {
    const replay = await steps.replay()
    if (replay !== undefined) return { replay }
    throw error
  }
  const written = await steps.write(checked)
  if (written !== undefined) return { checked, written }
  // Asked once, never in a loop: the id is stored, by this user (a replay) or by someone else.
  const replay = await steps.replay()
  if (replay !== undefined) return { replay }
  throw new ApiError(409, messages.idTaken)
}
