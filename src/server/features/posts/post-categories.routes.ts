import { Hono } from 'hono'
import * as v from 'valibot'
import { requiredText } from '#shared/fields.schema.ts'
import type { PostCategory } from '#shared/posts.schema.ts'
import { slugify } from '#shared/slug.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { foldedOrder } from '../../platform/keyset.ts'
import { takeVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'

export const postCategoriesRoutes = new Hono<AppEnv>()
postCategoriesRoutes.use('/api/v1/post-categories', requireAuth, requireCollegeMember)

postCategoriesRoutes.get('/api/v1/post-categories', async (c) => {
  const rows = await tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
    .selectFrom('post_categories')
    .select(['id', 'name', 'slug'])
    .orderBy(foldedOrder('name'))
    .execute()
  return c.json({ data: rows satisfies PostCategory[], next_cursor: null })
})

postCategoriesRoutes.post('/api/v1/post-categories', requirePermission('posts.publish'), async (c) => {
  const collegeId = c.get('auth').user.college_id!
  const { name } = validate(c, v.object({ name: requiredText(80) }), await readJson(c))
  const { db } = c.get('deps')
  const slug = slugify(name)
  const existing = await tenantScope(db, collegeId)
    .selectFrom('post_categories')
    .select(['id', 'name', 'slug'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (existing) return c.json(existing satisfies PostCategory)
  let row: PostCategory
  try {
    row = await db.transaction().execute(async (trx) => {
      const version = await takeVersion(trx, collegeId)
      return tenantScope(trx, collegeId)
        .insertInto('post_categories', { name, slug, version, created_at: nowIso() })
        .returning(['id', 'name', 'slug'])
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    // Two people adding the same category at once: the unique slug decides, both get the one row.
    const winner = await tenantScope(db, collegeId)
      .selectFrom('post_categories')
      .select(['id', 'name', 'slug'])
      .where('slug', '=', slug)
      .executeTakeFirst()
    if (!winner) throw error
    return c.json(winner satisfies PostCategory)
  }
  return c.json(row satisfies PostCategory, 201)
})
