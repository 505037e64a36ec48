import 'fake-indexeddb/auto'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  answerNotification,
  markNotificationRead,
} from '#client/features/notifications/notification-actions.ts'
import { LOCAL_IMAGE_PREFIX, markPostRead, savePost } from '#client/features/posts/post-actions.ts'
import { type LocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { replayOutbox } from '#client/platform/sync/outbox.ts'
import { pullOnce } from '#client/platform/sync/pull.ts'
import type { ReadReport } from '#shared/posts.schema.ts'
import { type Harness, startHarness } from './helpers/sync-harness.ts'

const HOUR = 60 * 60_000

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(() => h.stop())

async function signedInAs(email: string): Promise<{ db: LocalDb; userId: number }> {
  await h.signIn(email)
  const userId = await h.userId(email)
  return { db: openLocalDb(userId), userId }
}

describe('read receipts', () => {
  it('a post read offline counts with the time it was read, not the time it synced', async () => {
    const staffToken = await h.t.login('staff@demo.test')
    const post = await h.createServerPost(staffToken, { title: 'Circular' })
    const { db, userId } = await signedInAs('guardian@demo.test')
    await pullOnce(db)

    h.net.offline = true
    h.later(60_000)
    const readAt = new Date().toISOString()
    await markPostRead(post.id)
    // Recorded here at once, before anything reached the server.
    expect(await db.post_reads.get(post.id)).toEqual({
      id: post.id,
      post_id: post.id,
      read_at: readAt,
      _sync: 'pending',
    })
    // Reading it again while waiting queues nothing more.
    await markPostRead(post.id)
    expect(await db.outbox.count()).toBe(1)
    await replayOutbox(db)

    // Two hours later the phone is back online.
    h.later(2 * HOUR)
    h.net.offline = false
    await replayOutbox(db)

    const stored = await h.t.db
      .selectFrom('post_reads')
      .select('read_at')
      .where('post_id', '=', post.id)
      .where('user_id', '=', userId)
      .execute()
    expect(stored).toEqual([{ read_at: readAt }])
    expect(await db.post_reads.get(post.id)).toEqual({ id: post.id, post_id: post.id, read_at: readAt })
    expect(await db.outbox.count()).toBe(0)

    const report = await h.t.request('GET', `/api/v1/posts/${post.id}/reads`, { token: staffToken })
    expect(report.status).toBe(200)
    const { unread } = (await report.json()) as ReadReport
    expect(unread.map((u) => u.id)).not.toContain(userId)

    // The next pull agrees with what the device recorded.
    await pullOnce(db)
    expect((await db.post_reads.get(post.id))?.read_at).toBe(readAt)
  })

  it('a notification read offline keeps its reading time too', async () => {
    const { db, userId } = await signedInAs('guardian@demo.test')
    await pullOnce(db)
    const [notification] = await db.notifications.toArray()
    expect(notification?.read_at).toBeNull()

    h.net.offline = true
    h.later(60_000)
    const readAt = new Date().toISOString()
    await markNotificationRead(notification!.id)
    expect(await db.notifications.get(notification!.id)).toMatchObject({ read_at: readAt, _sync: 'pending' })
    await replayOutbox(db)

    h.later(HOUR)
    h.net.offline = false
    await replayOutbox(db)
    const row = await h.t.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', notification!.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(row.read_at).toBe(readAt)
    expect((await db.notifications.get(notification!.id))?._sync).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })

  it('an emergency answered offline reaches the school with the moment it was answered', async () => {
    const { db, userId } = await signedInAs('guardian@demo.test')
    const admin = await h.t.login('admin@demo.test')
    const sent = await h.t.request('POST', '/api/v1/college-notifications', {
      token: admin,
      json: {
        id: uuidv7(),
        title: 'Sismo',
        content: 'Evacuación a la zona segura.',
        emergency: true,
        scope: 'users',
        users: [userId],
      },
    })
    expect(sent.status).toBe(201)
    await pullOnce(db)
    const alert = (await db.notifications.toArray()).find((n) => n.emergency)
    expect(alert).toMatchObject({ title: 'Sismo', answer: null })

    h.net.offline = true
    h.later(60_000)
    const answeredAt = new Date().toISOString()
    await answerNotification(alert!.id, 'help')
    expect(await db.notifications.get(alert!.id)).toMatchObject({ answer: 'help', _sync: 'pending' })
    await replayOutbox(db)
    expect(await db.outbox.count()).toBe(1)

    h.later(HOUR)
    h.net.offline = false
    await replayOutbox(db)
    const row = await h.t.db
      .selectFrom('notifications')
      .select(['answer', 'answered_at', 'read_at'])
      .where('id', '=', alert!.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ answer: 'help', answered_at: answeredAt, read_at: answeredAt })
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('images', () => {
  it('a post with a new picture uploads the picture first, then the post that shows it', async () => {
    const { db, userId } = await signedInAs('staff@demo.test')
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const imageId = uuidv7()
    const file = new File([new Uint8Array(png)], 'patio.png', { type: 'image/png' })

    h.net.offline = true
    const id = await savePost(
      { id: uuidv7(), title: 'Fotos del patio', content: '<p>Miren.</p>', grades: ['all'], courses: ['all'] },
      [{ id: imageId, file }],
      { id: userId, name: 'Sergio', first_lastname: 'Profesor' },
    )
    await replayOutbox(db)

    // Queued in order, the file kept locally, and the post shows the local copy meanwhile.
    expect((await db.outbox.orderBy('seq').toArray()).map((i) => [i.kind, i.blobId])).toEqual([
      ['post-image.upload', imageId],
      ['post.create', undefined],
    ])
    expect((await db.blobs.get(imageId))?.blob.size).toBe(png.length)
    expect((await db.posts.get(id))?.images.map((i) => i.url)).toEqual([`${LOCAL_IMAGE_PREFIX}${imageId}`])

    h.later(10 * 60_000)
    h.net.offline = false
    await replayOutbox(db)

    expect(h.net.writes().map((e) => [e.method, e.path, e.status])).toEqual([
      ['POST', '/api/v1/post-images', 201],
      ['POST', '/api/v1/posts', 201],
    ])
    const onServer = await h.serverPost(id)
    expect(onServer?.images.map((i) => i.id)).toEqual([imageId])
    expect(onServer?.images[0]).toMatchObject({ width: 64, height: 48 })
    expect(await db.blobs.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
    const local = await db.posts.get(id)
    expect(local?._sync).toBeUndefined()
    expect(local?.images.map((i) => i.url)).toEqual(onServer?.images.map((i) => i.url))
    expect(local?.images[0]?.url.startsWith(LOCAL_IMAGE_PREFIX)).toBe(false)
  })

  it('while the upload keeps failing, the post that needs it waits', async () => {
    const { db, userId } = await signedInAs('staff@demo.test')
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const imageId = uuidv7()
    h.net.fail({ status: 503 }, (e) => e.path === '/api/v1/post-images', 2)
    const id = await savePost(
      { id: uuidv7(), title: 'Con foto', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
      [{ id: imageId, file: new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }) }],
      { id: userId, name: 'Sergio', first_lastname: 'Profesor' },
    )
    await replayOutbox(db)
    h.later(10 * 60_000)
    await replayOutbox(db)
    expect(h.net.writes().map((e) => [e.path, e.status])).toEqual([
      ['/api/v1/post-images', 503],
      ['/api/v1/post-images', 503],
    ])
    expect(await h.serverPosts(id)).toHaveLength(0)

    h.later(10 * 60_000)
    await replayOutbox(db)
    expect((await h.serverPost(id))?.images.map((i) => i.id)).toEqual([imageId])
    expect(await db.blobs.count()).toBe(0)
  })
  it('once the picture is uploaded but the post still waits, the post keeps showing the picture', async () => {
    const { db, userId } = await signedInAs('staff@demo.test')
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const imageId = uuidv7()
    h.net.fail({ status: 503 }, (e) => e.path === '/api/v1/posts')
    const id = await savePost(
      { id: uuidv7(), title: 'Foto primero', content: '<p>x</p>', grades: ['all'], courses: ['all'] },
      [{ id: imageId, file: new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }) }],
      { id: userId, name: 'Sergio', first_lastname: 'Profesor' },
    )
    await replayOutbox(db)
    expect(h.net.writes().map((e) => [e.path, e.status])).toEqual([
      ['/api/v1/post-images', 201],
      ['/api/v1/posts', 503],
    ])
    const [image] = (await db.posts.get(id))!.images
    // Either the local copy is still there, or the post points at the uploaded picture.
    const shown = image!.url.startsWith(LOCAL_IMAGE_PREFIX)
      ? await db.blobs.get(image!.url.slice(LOCAL_IMAGE_PREFIX.length))
      : image
    expect(shown).toBeDefined()
    expect(image!.id).toBe(imageId)

    h.later(10 * 60_000)
    await replayOutbox(db)
    expect((await h.serverPost(id))?.images.map((i) => i.id)).toEqual([imageId])
    expect(await db.blobs.count()).toBe(0)
    expect((await db.posts.get(id))?.images).toEqual((await h.serverPost(id))?.images)
  })
})
