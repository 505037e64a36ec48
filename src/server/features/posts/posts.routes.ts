import { Hono } from 'hono'
import type { Post } from '#shared/posts.schema.ts'
import { postInputSchema, readReceiptSchema, UUID_PATTERN } from '#shared/posts.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { forbidden, ifMatchOf, notFound } from '../../platform/errors.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { postAudienceOf, visibleTo } from './post-audience.ts'
import { toPostDtos } from './post-dto.ts'
import { feedPage, feedQuerySchema } from './post-feed.ts'
import { readReport, recordPostRead } from './post-reads.service.ts'
import { canEdit, createPost, deletePost, updatePost } from './posts.service.ts'

export const postsRoutes = new Hono<AppEnv>()
// '/api/v1/posts/*' also matches '/api/v1/posts' itself.
postsRoutes.use('/api/v1/posts/*', requireAuth, requireCollegeMember)

function postId(id: string): string {
  if (!UUID_PATTERN.test(id)) throw notFound()
  return id.toLowerCase()
}

/** The feed, newest first (post-feed.ts). */
postsRoutes.get('/api/v1/posts', async (c) =>
  c.json(await feedPage(c.get('deps').db, c.get('auth').user, validate(c, feedQuerySchema, c.req.query()))),
)

postsRoutes.get('/api/v1/posts/:id', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const audience = await postAudienceOf(db, user)
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', postId(c.req.param('id')))
    .where(visibleTo(audience, nowIso()))
    .executeTakeFirst()
  if (!row) throw notFound()
  const [post] = await toPostDtos(db, user.college_id!, [row])
  // The version an edit starts from, to send back as If-Match.
  return c.json(post as Post, 200, { ETag: `"${row.updated_at}"` })
})

postsRoutes.post('/api/v1/posts', requirePermission('posts.publish'), async (c) => {
  const input = validate(c, postInputSchema, await readJson(c))
  const { created, post } = await createPost(
    c.get('deps').db,
    c.get('auth').user,
    { ...input, id: input.id.toLowerCase() },
    clientIp(c),
  )
  return c.json(post as Post, created ? 201 : 200)
})

postsRoutes.put('/api/v1/posts/:id', requirePermission('posts.publish'), async (c) => {
  const id = postId(c.req.param('id'))
  const body = (await readJson(c)) as Record<string, unknown>
  const input = validate(c, postInputSchema, { ...(body && typeof body === 'object' ? body : {}), id })
  const base = ifMatchOf(c.req.header('if-match'))
  return c.json(
    (await updatePost(c.get('deps').db, c.get('auth').user, id, input, clientIp(c), base)) as Post,
  )
})

postsRoutes.delete('/api/v1/posts/:id', requirePermission('posts.publish'), async (c) => {
  const base = ifMatchOf(c.req.header('if-match'))
  await deletePost(
    c.get('deps').db,
    c.get('deps').storage,
    c.get('auth').user,
    postId(c.req.param('id')),
    clientIp(c),
    base,
  )
  return c.body(null, 204)
})

postsRoutes.post('/api/v1/posts/:id/read', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const id = postId(c.req.param('id'))
  const { read_at } = validate(c, readReceiptSchema, await readJson(c))
  const audience = await postAudienceOf(db, user)
  const visible = await tenantScope(db, user.college_id!)
    .selectFrom('posts')
    .select('id')
    .where('id', '=', id)
    .where(visibleTo(audience, nowIso()))
    .executeTakeFirst()
  if (!visible) throw notFound()
  // A clock ahead of the server's cannot record a read in the future.
  const now = nowIso()
  const when = read_at && new Date(read_at).toISOString() < now ? new Date(read_at).toISOString() : now
  // The answer is the time kept: the first read, if an earlier one was already reported.
  const kept = await recordPostRead(db, user.college_id!, user.id, id, when)
  return c.json({ post_id: id, read_at: kept })
})

postsRoutes.get('/api/v1/posts/:id/reads', async (c) => {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const id = postId(c.req.param('id'))
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('posts')
    .select(['author_id', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.deleted_at) throw notFound()
  if (!canEdit(user, row)) throw forbidden()
  return c.json(await readReport(db, user.college_id!, id))
})
