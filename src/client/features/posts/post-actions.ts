// What a teacher or a family does to posts. Every write lands in the mirror at once and waits in
// the outbox; the engine sends it when it can.
import { v7 as uuidv7 } from 'uuid'
import type { User } from '#shared/api-types.ts'
import type { Post, PostImage, PostInput } from '#shared/posts.schema.ts'
import { type LocalPost, localDb, requireLocalDb } from '../../platform/sync/local-db.ts'
import { discardItem, enqueue, replayOutbox } from '../../platform/sync/outbox.ts'
import { recordKey } from '../../platform/sync/outbox-types.ts'
import { authHeaders, syncConfig } from '../../platform/sync/sync-config.ts'

export const LOCAL_IMAGE_PREFIX = 'local:'

export type DraftImage = { id: string; file?: File; image?: PostImage }

/**
 * The server version a change of this post starts from: the one its earlier local changes started
 * from, or its own when it has none waiting; null for a post created here and not sent yet.
 */
function baseVersion(post: LocalPost): string | null {
  if (post._base !== undefined) return post._base
  return post._sync ? null : post.updated_at
}

/** Saves a new or edited post locally and queues it: pictures first, then the post that shows them. */
export async function savePost(
  input: Omit<PostInput, 'image_ids'> & { id?: string },
  images: DraftImage[],
  author: Pick<User, 'id' | 'name' | 'first_lastname'>,
  existing?: LocalPost,
): Promise<string> {
  const db = requireLocalDb()
  const id = input.id ?? uuidv7()
  const now = new Date().toISOString()
  const base = existing ? baseVersion(existing) : null
  await db.transaction('rw', db.tables, async () => {
    for (const image of images) {
      if (!image.file) continue
      await db.blobs.put({ id: image.id, blob: image.file, name: image.file.name, type: image.file.type })
      await enqueue(db, {
        kind: 'post-image.upload',
        method: 'POST',
        url: '/api/v1/post-images',
        body: { id: image.id },
        blobId: image.id,
      })
    }
    const body = { ...input, id, image_ids: images.map((i) => i.id) }
    const local: LocalPost = {
      id,
      title: input.title ?? '',
      category_id: input.category_id ?? null,
      content: input.content ?? '',
      grades: (input.grades ?? []) as Post['grades'],
      courses: (input.courses ?? []) as Post['courses'],
      publish_at: input.publish_at ? new Date(input.publish_at).toISOString() : (existing?.publish_at ?? now),
      images: images.map(
        (i) =>
          i.image ?? {
            id: i.id,
            url: `${LOCAL_IMAGE_PREFIX}${i.id}`,
            thumb_url: `${LOCAL_IMAGE_PREFIX}${i.id}`,
            width: 0,
            height: 0,
          },
      ),
      author: existing?.author ?? { id: author.id, name: `${author.name} ${author.first_lastname}`.trim() },
      created_at: existing?.created_at ?? now,
      updated_at: now,
      _sync: 'pending',
      _base: base,
    }
    await db.posts.put(local)
    await enqueue(db, {
      kind: existing ? 'post.update' : 'post.create',
      method: existing ? 'PUT' : 'POST',
      url: existing ? `/api/v1/posts/${id}` : '/api/v1/posts',
      body,
      record: recordKey('posts', id),
      ifMatch: base ?? undefined,
    })
  })
  void replayOutbox(db)
  return id
}

export async function deletePost(id: string): Promise<void> {
  const db = requireLocalDb()
  await db.transaction('rw', db.tables, async () => {
    const post = await db.posts.get(id)
    const base = post ? baseVersion(post) : null
    await db.posts.update(id, { _sync: 'pending', _base: base })
    await enqueue(db, {
      kind: 'post.delete',
      method: 'DELETE',
      url: `/api/v1/posts/${id}`,
      record: recordKey('posts', id),
      ifMatch: base ?? undefined,
    })
  })
  void replayOutbox(db)
}

/** Records a read at the moment it happens, so a read made offline counts with its real time. */
export async function markPostRead(postId: string): Promise<void> {
  const db = localDb()
  if (!db || (await db.post_reads.get(postId))) return
  const read_at = new Date().toISOString()
  await db.transaction('rw', db.tables, async () => {
    await db.post_reads.put({ id: postId, post_id: postId, read_at, _sync: 'pending' })
    await enqueue(db, {
      kind: 'post.read',
      method: 'POST',
      url: `/api/v1/posts/${postId}/read`,
      body: { read_at },
      record: recordKey('post_reads', postId),
    })
  })
  void replayOutbox(db)
}

/** Drops a write the server refused; an edited post returns to the server's version when online. */
export async function discardWrite(seq: number): Promise<void> {
  const db = requireLocalDb()
  const item = await discardItem(db, seq)
  if (item?.kind === 'post.update' || item?.kind === 'post.delete') {
    // Another write of this post still waits: the mirror keeps showing it until it is sent.
    if (item.record && (await db.outbox.where('record').equals(item.record).count()) > 0) return
    const id = item.url.split('/').pop()!
    try {
      const response = await syncConfig.fetch(`${syncConfig.baseUrl}/api/v1/posts/${id}`, {
        headers: authHeaders(),
      })
      if (response.ok) await db.posts.put((await response.json()) as Post)
      else if (response.status === 404) await db.posts.delete(id)
    } catch {
      // Offline: the next pull brings the server's version back.
    }
  }
}
