import { Hono } from 'hono'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, type SyncResponse } from '#shared/sync.ts'
import { atMost } from '../../platform/at-most.ts'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { jsonBytes } from '../../platform/json-bytes.ts'
import { type PullRequest, syncSources } from '../../platform/sync-registry.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { validate } from '../../platform/validate.ts'
import { decodeSyncCursor, encodeSyncCursor } from './sync-cursor.ts'
import { catchUpPage, firstSyncPage } from './sync-pages.ts'

export const syncRoutes = new Hono<AppEnv>()

const querySchema = v.object({
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

/** Sync pages built side by side in this process; the others wait their turn (`at-most.ts`). */
const pageBuilds = atMost(4)

/**
 * DESIGN.md section 8: changed rows and tombstones since the cursor, oldest first; a first sync (no
 * cursor, or a reset's) newest first (`sync-pages.ts`).
 */
syncRoutes.get('/api/v1/sync', requireAuth, requireCollegeMember, async (c) => {
  const { user } = c.var.auth
  const { since, limit } = validate(c, querySchema, c.req.query())
  const cursor = decodeSyncCursor(since)
  const mine = { userId: user.id, epoch: user.sync_epoch }
  if (since && (!cursor || cursor.userId !== user.id || cursor.epoch !== user.sync_epoch)) {
    // What this user may see has changed (or the cursor is not theirs): the client starts over.
    return c.json({
      changes: [],
      cursor: encodeSyncCursor({ ...mine, version: -1 }),
      hasMore: true,
      reset: true,
    } satisfies SyncResponse)
  }
  return pageBuilds(async () => {
    const pull: PullRequest = { db: c.var.deps.db, user, college: requireCollege(c), memo: new Map() }
    const sources = syncSources()
    for (const source of sources) await source.prepare?.(pull)
    const body =
      cursor && cursor.version >= 0 && !cursor.walk
        ? await catchUpPage(pull, sources, mine, cursor.version, limit)
        : await firstSyncPage(pull, sources, mine, cursor, limit)
    // Hundreds of kilobytes: made as bytes a piece at a time (json-bytes.ts).
    return c.body(jsonBytes(body), 200, { 'Content-Type': 'application/json' })
  })
})
