// Rows of posts become the API's Post, with targets, pictures and author loaded in three queries (or,
// after a create, from what the write already holds).
import type { Kysely, Selectable } from 'kysely'
import type { Post, PostImage } from '#shared/posts.schema.ts'
import type { Database, PostImagesTable, PostsTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import { mediaUrl } from '../../platform/media.ts'
import { groupBy, type TargetRow, targetLists } from '../../platform/targets.ts'
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

// The three lookups of a page of posts: the same texts on every request (compiled-once.ts).
const targetsOf = compiledOnce(
  (db, collegeId: number, ids: readonly string[]) =>
    tenantScope(db, collegeId)
      .selectFrom('post_targets')
      .select(['post_id', 'grade_id', 'course_id'])
      .where(anyOf(db, 'post_id', ids)),
  [-7_301, ['\u0000post']],
)
const imagesOf = compiledOnce(
  (db, collegeId: number, ids: readonly string[]) =>
    tenantScope(db, collegeId)
      .selectFrom('post_images')
      .selectAll()
      .where(anyOf(db, 'post_id', ids))
      .orderBy('position'),
  [-7_302, ['\u0000post']],
)
const authorsOf = compiledOnce(
  (db, collegeId: number, ids: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('users')
      .select(['id', 'name', 'first_lastname', 'avatar'])
      .where(anyOf(db, 'id', ids)),
  [-7_303, [-7_304]],
)

export async function toPostDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<PostsTable>[],
): Promise<Post[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [targets, images, authors] = await Promise.all([
    targetsOf(db, collegeId, ids),
    imagesOf(db, collegeId, ids),
    authorsOf(db, collegeId, [...new Set(rows.map((r) => r.author_id))]),
  ])
  const authorById = new Map(authors.map((a) => [a.id, a]))
  const targetsByPost = groupBy(targets, (t) => t.post_id)
  const imagesByPost = groupBy(images, (i) => i.post_id ?? '')
  return rows.map((row) =>
    postDto(
      row,
      targetsByPost.get(row.id) ?? [],
      imagesByPost.get(row.id) ?? [],
      authorById.get(row.author_id),
    ),
  )
}

type Author = { id: number; name: string; first_lastname: string; avatar: string | null }

/** One post from its row, targets, pictures in order, and author (all at hand after a create). */
export function postDto(
  row: Selectable<PostsTable>,
  targets: TargetRow[],
  images: Selectable<PostImagesTable>[],
  author: Author | undefined,
): Post {
  // Named, not spread: V8 builds an object made with a spread key by key, far slower than a literal.
  const { grades, courses } = targetLists(targets)
  return {
    id: row.id,
    title: row.title,
    category_id: row.category_id,
    content: row.content,
    grades,
    courses,
    publish_at: row.publish_at,
    images: images.map(imageDto),
    author: author
      ? {
          id: author.id,
          name: `${author.name} ${author.first_lastname}`.trim(),
          avatar_url: mediaUrl(author.avatar),
        }
      : { id: row.author_id, name: '', avatar_url: null },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
