import { Hono } from 'hono'
import * as v from 'valibot'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, type SyncChange, type SyncResponse } from '#shared/sync.ts'
import { atMost } from '../../platform/at-most.ts'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { type PullContext, syncSources } from '../../platform/sync-registry.ts'
import { lastVersion } from '../../platform/sync-versions.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { validate } from '../../platform/validate.ts'
import { decodeSyncCursor, encodeSyncCursor } from './sync-cursor.ts'

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

const byVersion = (a: SyncChange, b: SyncChange) => a.version - b.version

/** Sync pages built side by side in this process; the others wait their turn (`at-most.ts`). */
const pageBuilds = atMost(4)

/** DESIGN.md section 8: changed rows and tombstones since the cursor, in change-number order. */
syncRoutes.get('/api/v1/sync', requireAuth, requireCollegeMember, async (c) => {
  const { user } = c.var.auth
  const { since, limit } = validate(c, querySchema, c.req.query())
  const cursor = decodeSyncCursor(since)
  const fresh = { userId: user.id, epoch: user.sync_epoch, version: -1 }
  if (since && (!cursor || cursor.userId !== user.id || cursor.epoch !== user.sync_epoch)) {
    // What this user may see has changed (or the cursor is not theirs): the client starts over.
    return c.json({
      changes: [],
      cursor: encodeSyncCursor(fresh),
      hasMore: true,
      reset: true,
    } satisfies SyncResponse)
  }
  const from = cursor?.version ?? -1
  return pageBuilds(async () => {
    const ctx: PullContext = {
      db: c.var.deps.db,
      user,
      college: requireCollege(c),
      since: from,
      limit: limit + 1,
      until: 0,
      initial: from < 0,
      memo: new Map(),
    }
    const sources = syncSources()
    for (const source of sources) await source.prepare?.(ctx)
    ctx.until = await lastVersion(ctx.db, ctx.college.id)
    // One source after another, each reading only as far as the page can still reach (`ctx.until`):
    // the first `limit + 1` changes by number are all the page needs, the last one to tell `hasMore`.
    let all: SyncChange[] = []
    for (const source of sources) {
      all = all.concat(await source.changes(ctx))
      if (all.length >= ctx.limit) {
        all.sort(byVersion)
        all.length = ctx.limit
        ctx.until = all[ctx.limit - 1]!.version
      }
    }
    all.sort(byVersion)
    const changes = all.slice(0, limit)
    const last = changes.at(-1)
    const body: SyncResponse = {
      changes,
      cursor: encodeSyncCursor({ ...fresh, version: last ? last.version : from }),
      hasMore: all.length > limit,
      reset: false,
    }
    return c.json(body)
  })
})
