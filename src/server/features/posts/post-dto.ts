// Rows of posts become the API's Post, with targets, pictures and author loaded in three queries.
import type { Kysely, Selectable } from 'kysely'
import type { Post, PostImage } from '#shared/posts.schema.ts'
import type { Database, PostImagesTable, PostsTable } from '../../db/schema.ts'
import { mediaUrl } from '../../platform/media.ts'
import { groupBy, targetLists } from '../../platform/targets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export function imageDto(row: Selectable<PostImagesTable>): PostImage {
  return {
    id: row.id,
    url: mediaUrl(row.image_key)!,
    thumb_url: mediaUrl(row.thumb_key)!,
    width: row.width,
    height: row.height,
  }
}

export async function toPostDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<PostsTable>[],
): Promise<Post[]> {
  if (rows.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const ids = rows.map((r) => r.id)
  const [targets, images, authors] = await Promise.all([
    scope
      .selectFrom('post_targets')
      .select(['post_id', 'grade_id', 'course_id'])
      .where('post_id', 'in', ids)
      .execute(),
    scope.selectFrom('post_images').selectAll().where('post_id', 'in', ids).orderBy('position').execute(),
    scope
      .selectFrom('users')
      .select(['id', 'name', 'first_lastname', 'avatar'])
      .where('id', 'in', [...new Set(rows.map((r) => r.author_id))])
      .execute(),
  ])
  const authorById = new Map(
    authors.map((a) => [
      a.id,
      { id: a.id, name: `${a.name} ${a.first_lastname}`.trim(), avatar_url: mediaUrl(a.avatar) },
    ]),
  )
  const targetsByPost = groupBy(targets, (t) => t.post_id)
  const imagesByPost = groupBy(images, (i) => i.post_id ?? '')
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category_id: row.category_id,
    content: row.content,
    ...targetLists(targetsByPost.get(row.id) ?? []),
    publish_at: row.publish_at,
    images: (imagesByPost.get(row.id) ?? []).map(imageDto),
    author: authorById.get(row.author_id) ?? { id: row.author_id, name: '', avatar_url: null },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }))
}
