// The answer of `GET /api/v1/sync` for a valid query, whichever way the request came: Hono's route
// (sync.routes.ts) or plain node:http for a session already kept (`syncRead`, fast-reads.ts). A poked
// tab's pull is the read a college makes most (every open tab pulls after every write it is told of),
// and a few small statements: Hono's way through it (its middlewares, context, Request and Response)
// weighed on it as it does not on a first sync's page (README, design notes).
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, type SyncResponse } from '#shared/sync.ts'
import type { Database } from '../../db/schema.ts'
import { atMost } from '../../platform/at-most.ts'
import type { AuthUser, College } from '../../platform/context.ts'
import type { FastRead } from '../../platform/fast-reads.ts'
import { jsonBytes } from '../../platform/json-bytes.ts'
import { type PullRequest, syncSources } from '../../platform/sync-registry.ts'
import { validQuery } from '../../platform/validate.ts'
import { decodeSyncCursor, encodeSyncCursor } from './sync-cursor.ts'
import { catchUpPage, firstSyncPage } from './sync-pages.ts'

export const syncQuerySchema = v.object({
  since: v.optional(v.pipe(plainString(), v.maxLength(200, message(messages.tooLong))), ''),
  limit: v.pipe(
    v.optional(v.string(), String(SYNC_PAGE_DEFAULT)),
    v.transform(Number),
    v.number(message(messages.fieldRequired)),
    v.integer(message(messages.fieldRequired)),
    v.minValue(1, message(messages.fieldRequired)),
    v.transform((n) => Math.min(n, SYNC_PAGE_MAX)),
  ),
})

type SyncQuery = v.InferOutput<typeof syncQuerySchema>

/** Sync pages built side by side in this process; the others wait their turn (`at-most.ts`). */
const pageBuilds = atMost(4)

/**
 * The page the query asks for, as JSON bytes: hundreds of kilobytes for a first sync's, made a piece
 * at a time (json-bytes.ts). A cursor of another person or of an audience since changed answers a
 * reset, and the client starts over.
 */
export async function syncAnswer(
  db: Kysely<Database>,
  user: AuthUser,
  college: College,
  { since, limit }: SyncQuery,
): Promise<Buffer<ArrayBuffer>> {
  const cursor = decodeSyncCursor(since)
  const mine = { userId: user.id, epoch: user.sync_epoch }
  if (since && (!cursor || cursor.userId !== user.id || cursor.epoch !== user.sync_epoch)) {
    const reset: SyncResponse = {
      changes: [],
      cursor: encodeSyncCursor({ ...mine, version: -1 }),
      hasMore: true,
      reset: true,
    }
    return jsonBytes(reset)
  }
  return pageBuilds(async () => {
    const pull: PullRequest = { db, user, college, memo: new Map() }
    const sources = syncSources()
    for (const source of sources) await source.prepare?.(pull)
    const body =
      cursor && cursor.version >= 0 && !cursor.walk
        ? await catchUpPage(pull, sources, mine, cursor.version, limit)
        : await firstSyncPage(pull, sources, mine, cursor, limit)
    return jsonBytes(body)
  })
}

/**
 * `GET /api/v1/sync` as plain node:http answers it for a session already kept; a query it would refuse
 * and the platform's own people (no college to sync) are left to Hono's route.
 */
export const syncRead: FastRead = ({ auth, college }, query, { db }) => {
  if (auth.user.college_id === null) return undefined
  const valid = validQuery(syncQuerySchema, query)
  return valid && syncAnswer(db, auth.user, college, valid)
}
