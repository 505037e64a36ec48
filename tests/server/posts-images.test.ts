// A teacher adds pictures to a post: each is uploaded first, with the client's id, then named by the post.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Post, PostImage } from '#shared/posts.schema.ts'
import { body, collegeIdOf, EN, type ErrorBody } from './helpers/http.ts'
import { imageMetadata, makeImage } from './helpers/images.ts'
import { runJobs } from './helpers/notifications.ts'
import { createPost, postInput } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let staff: string
let admin: string
let guardian: string
let demoId: number
beforeAll(async () => {
  t = await createTestApp()
  staff = await t.login('staff@demo.test')
  admin = await t.login('admin@demo.test')
  guardian = await t.login('guardian@demo.test')
  demoId = await collegeIdOf(t.db, 'demo')
})
afterAll(async () => {
  await t.close()
})

function upload(token: string, id: string, file: Blob, name = 'photo.png') {
  const form = new FormData()
  form.set('id', id)
  form.set('file', file, name)
  return t.request('POST', '/api/v1/post-images', { token, body: form, headers: EN })
}

const png = async (width: number, height: number, color?: string) =>
  new Blob([new Uint8Array(await makeImage('png', width, height, color))], { type: 'image/png' })

async function uploaded(token: string, width = 640, height = 480): Promise<PostImage> {
  const res = await upload(token, uuidv7(), await png(width, height))
  expect(res.status).toBe(201)
  return body<PostImage>(res)
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(join(t.dataDir, 'uploads', 'post-images', String(demoId)))
  } catch {
    return []
  }
}

async function fetchMedia(url: string, host = 'localhost') {
  return t.request('GET', url, { host })
}

describe('uploading a picture', () => {
  it('stores a WebP at most 1600 px wide or high, and a thumbnail, served on the college host only', async () => {
    const id = uuidv7()
    const res = await upload(staff, id, await png(3200, 2000))
    expect(res.status).toBe(201)
    const image = await body<PostImage>(res)
    expect(image).toMatchObject({ id, width: 1600, height: 1000 })
    expect(image.url).toMatch(new RegExp(`^/media/post-images/${demoId}/[\\w-]+\\.webp$`))
    expect(image.thumb_url).toMatch(new RegExp(`^/media/post-images/${demoId}/[\\w-]+-thumb\\.webp$`))

    const full = await fetchMedia(image.url)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe('image/webp')
    expect(await imageMetadata(await full.arrayBuffer())).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1000,
    })
    const thumb = await fetchMedia(image.thumb_url)
    expect(thumb.status).toBe(200)
    expect(await imageMetadata(await thumb.arrayBuffer())).toMatchObject({
      format: 'webp',
      width: 480,
      height: 360,
    })

    // Another college's host does not serve it.
    expect((await fetchMedia(image.url, 'beta.localhost')).status).toBe(404)
    expect((await fetchMedia(image.thumb_url, 'beta.localhost')).status).toBe(404)
  })

  it('keeps a small picture at its size, and turns a tall one to fit 1600 px high', async () => {
    expect(await uploaded(staff, 640, 480)).toMatchObject({ width: 640, height: 480 })
    expect(await uploaded(staff, 1000, 4000)).toMatchObject({ width: 400, height: 1600 })
  })

  it('V1: the same upload again answers the same picture and stores no new file', async () => {
    const id = uuidv7()
    const file = await png(800, 600)
    const first = await upload(staff, id, file)
    expect(first.status).toBe(201)
    const image = await body<PostImage>(first)
    const files = await storedFiles()

    const replay = await upload(staff, id, file)
    expect(replay.status).toBe(200)
    expect(await body(replay)).toEqual(image)
    expect(await storedFiles()).toEqual(files)
    const rows = await t.db.selectFrom('post_images').select('id').where('id', '=', id).execute()
    expect(rows).toHaveLength(1)
  })

  it("answers 409 to another user who sends someone else's picture id", async () => {
    const id = uuidv7()
    expect((await upload(staff, id, await png(64, 64))).status).toBe(201)
    const res = await upload(admin, id, await png(64, 64, '#ff0000'))
    expect(res.status).toBe(409)
  })

  it('refuses a text file and an empty file (422 on file), storing nothing', async () => {
    const before = await storedFiles()
    const text = new Blob(['this is not a picture'], { type: 'image/png' })
    const res = await upload(staff, uuidv7(), text, 'notes.txt')
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      file: ['Pictures must be JPEG, PNG or WebP images'],
    })
    const empty = await upload(staff, uuidv7(), new Blob([]), 'empty.png')
    expect(empty.status).toBe(422)
    expect(await storedFiles()).toEqual(before)
  })

  it('refuses an upload without a valid id (422 on id)', async () => {
    const res = await upload(staff, 'photo-1', await png(64, 64))
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({ id: ['This record has an invalid identifier'] })
  })

  it('a guardian cannot upload (403)', async () => {
    expect((await upload(guardian, uuidv7(), await png(64, 64))).status).toBe(403)
  })
})

describe('a post with pictures', () => {
  it('shows the pictures in the order they were chosen, and the same after an edit reorders them', async () => {
    const [a, b, c] = [await uploaded(staff), await uploaded(staff), await uploaded(staff)]
    const post = await createPost(t, staff, { image_ids: [b!.id, a!.id, c!.id] })
    expect(post.images).toEqual([b, a, c])
    const fetched = await body<Post>(await t.request('GET', `/api/v1/posts/${post.id}`, { token: guardian }))
    expect(fetched.images.map((i) => i.id)).toEqual([b!.id, a!.id, c!.id])

    const res = await t.request('PUT', `/api/v1/posts/${post.id}`, {
      token: staff,
      json: { ...postInput(), image_ids: [c!.id, b!.id] },
    })
    expect(res.status).toBe(200)
    expect((await body<Post>(res)).images.map((i) => i.id)).toEqual([c!.id, b!.id])
  })

  it('refuses an image id that was never uploaded (422 on image_ids) and stores no post', async () => {
    const input = postInput({ image_ids: [(await uploaded(staff)).id, uuidv7()] })
    const res = await t.request('POST', '/api/v1/posts', { token: staff, json: input, headers: EN })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors).toEqual({
      image_ids: ['One of the pictures was not uploaded. Please add it again.'],
    })
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', input.id).execute()).toEqual([])
  })

  it("refuses a picture that already belongs to another post, and one of another college's", async () => {
    const image = await uploaded(staff)
    await createPost(t, staff, { image_ids: [image.id] })
    const res = await t.request('POST', '/api/v1/posts', {
      token: staff,
      json: postInput({ image_ids: [image.id] }),
      headers: EN,
    })
    expect(res.status).toBe(422)
    expect(Object.keys((await body<ErrorBody>(res)).errors ?? {})).toEqual(['image_ids'])

    const betaAdmin = await t.login('admin@beta.test', 'beta.localhost')
    const form = new FormData()
    const betaImage = uuidv7()
    form.set('id', betaImage)
    form.set('file', await png(64, 64), 'b.png')
    const up = await t.request('POST', '/api/v1/post-images', {
      host: 'beta.localhost',
      token: betaAdmin,
      body: form,
    })
    expect(up.status).toBe(201)
    const foreign = await t.request('POST', '/api/v1/posts', {
      token: staff,
      json: postInput({ image_ids: [betaImage] }),
      headers: EN,
    })
    expect(foreign.status).toBe(422)
    expect(Object.keys((await body<ErrorBody>(foreign)).errors ?? {})).toEqual(['image_ids'])
  })
})

describe("a picture's files leave storage with its post", () => {
  const fileOf = (url: string) => url.split('/').at(-1)!

  /** The week after which pictures no post names are removed, passed at once. */
  async function aWeekLater() {
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'post-image.unused')
      .execute()
    await runJobs(t)
  }

  it('removes the files of a deleted post at once', async () => {
    const image = await uploaded(staff)
    const post = await createPost(t, staff, { image_ids: [image.id] })
    expect(await storedFiles()).toEqual(expect.arrayContaining([fileOf(image.url), fileOf(image.thumb_url)]))
    const res = await t.request('DELETE', `/api/v1/posts/${post.id}`, { token: staff })
    expect(res.status).toBe(204)
    expect(await storedFiles()).not.toContain(fileOf(image.url))
    expect(await storedFiles()).not.toContain(fileOf(image.thumb_url))
    expect((await fetchMedia(image.url)).status).toBe(404)
    expect(await t.db.selectFrom('post_images').select('id').where('id', '=', image.id).execute()).toEqual([])
  })

  it('removes a picture dropped by an edit, or never used, a week later; keeps those a post shows', async () => {
    const [kept, dropped, neverUsed] = [await uploaded(staff), await uploaded(staff), await uploaded(staff)]
    const post = await createPost(t, staff, { image_ids: [kept.id, dropped.id] })
    const edit = await t.request('PUT', `/api/v1/posts/${post.id}`, {
      token: staff,
      json: { ...postInput(), image_ids: [kept.id] },
    })
    expect(edit.status).toBe(200)
    // Within the week nothing goes: the author's outbox may still send a post that names them.
    expect((await fetchMedia(dropped.url)).status).toBe(200)
    expect((await fetchMedia(neverUsed.url)).status).toBe(200)

    await aWeekLater()
    for (const gone of [dropped, neverUsed]) {
      expect((await fetchMedia(gone.url)).status).toBe(404)
      expect(await storedFiles()).not.toContain(fileOf(gone.thumb_url))
    }
    expect((await fetchMedia(kept.url)).status).toBe(200)
    expect((await fetchMedia(kept.thumb_url)).status).toBe(200)
    const shown = await body<Post>(await t.request('GET', `/api/v1/posts/${post.id}`, { token: guardian }))
    expect(shown.images.map((i) => i.id)).toEqual([kept.id])
  })
})
