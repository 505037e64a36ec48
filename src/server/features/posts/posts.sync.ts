// The posts area's mirrored collections: posts, the user's own reads, and categories.
import type { Selectable } from 'kysely'
import type { SyncChange } from '#shared/sync.ts'
import type { PostsTable } from '../../db/schema.ts'
import { nowIso } from '../../platform/clock.ts'
import {
  collegeWideChanges,
  memo,
  type PullContext,
  type ReadRows,
  type SyncSource,
  shapeLater,
} from '../../platform/sync-registry.ts'
import {
  AUDIENCE_MAY_BE_UNUSED,
  type AudienceArgs,
  audienceArgs,
  audienceFrom,
  audienceMarks,
  audienceShape,
  ownRowsStatement,
  pageStatement,
  rowsInRange,
} from '../../platform/sync-statements.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { exitedFrom, postAudienceOf, visibleTo } from './post-audience.ts'
import { toPostDtos } from './post-dto.ts'
import { announceDuePosts } from './posts.service.ts'

type PostPageArgs = [...AudienceArgs, now: string]

/** The posts of the page's range this audience may see now. */
const visiblePostRows = pageStatement<PostPageArgs, Selectable<PostsTable>>(
  (db, range, ...args) => {
    const [now] = args.slice(6) as [string]
    const audience = audienceFrom(range.collegeId, args.slice(0, 6) as AudienceArgs)
    return rowsInRange(db, 'posts', range).selectAll().where(visibleTo(audience, now))
  },
  (args) => audienceShape(args.slice(0, 6) as AudienceArgs),
  (args) => [...audienceMarks(args.slice(0, 6) as AudienceArgs), '\u0000now'],
  // The time is not asked of admins, who see what is scheduled too.
  [...AUDIENCE_MAY_BE_UNUSED, 6],
)

async function postChanges(ctx: PullContext): Promise<ReadRows> {
  const audience = await memo(ctx, 'audience', () => postAudienceOf(ctx.db, ctx.user))
  const now = nowIso()
  const scope = tenantScope(ctx.db, ctx.college.id)
  const visible = await visiblePostRows(ctx, ...audienceArgs(audience), now)
  const dtosOf = (rows: typeof visible) => toPostDtos(ctx.db, ctx.college.id, rows)
  if (ctx.initial) return shapeLater('posts', visible, dtosOf)
  // Posts that left an audience this user was in, and that they cannot see now: the mirror drops
  // them. Nobody is told the id of a post they could never see (another course's, a scheduled one).
  const gone = await scope
    .selectFrom('sync_exits')
    .innerJoin('posts', 'posts.id', 'sync_exits.row_id')
    .select((eb) => ['sync_exits.row_id as id', eb.fn.max('sync_exits.version').as('version')])
    .where('sync_exits.collection', '=', 'posts')
    .where('sync_exits.version', '>', ctx.since)
    .where('sync_exits.version', '<=', ctx.until)
    .where(exitedFrom(audience))
    .where((eb) => eb.not(visibleTo(audience, now)(eb)))
    .groupBy('sync_exits.row_id')
    .orderBy('version', ctx.order)
    .limit(ctx.limit)
    .execute()
  return shapeLater(
    'posts',
    visible,
    dtosOf,
    gone.map(
      (r) => ({ collection: 'posts', op: 'delete', id: r.id, version: Number(r.version) }) as SyncChange,
    ),
  )
}

/** The person's own reads of posts in the page's range. */
const readRows = ownRowsStatement('post_reads', (rows) => rows.select(['post_id', 'read_at', 'version']))

async function readChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await readRows(ctx)
  return rows.map(
    (r) =>
      ({
        collection: 'post_reads',
        op: 'put',
        id: r.post_id,
        version: Number(r.version),
        data: { id: r.post_id, post_id: r.post_id, read_at: r.read_at },
      }) as SyncChange,
  )
}

export const postsSyncSources: SyncSource[] = [
  {
    collection: 'posts',
    tables: ['posts', 'sync_exits:posts'],
    prepare: (ctx) => announceDuePosts(ctx.db, ctx.college.id),
    changes: postChanges,
  },
  { collection: 'post_reads', tables: ['post_reads@user'], changes: readChanges },
  {
    collection: 'post_categories',
    lookup: true,
    tables: ['post_categories', 'sync_tombstones:post_categories'],
    changes: collegeWideChanges('post_categories', 'post_categories', ['id', 'name', 'slug']),
  },
]
