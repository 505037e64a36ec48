// Files in an S3-compatible store (S3_BUCKET): the driver against a local stand-in speaking S3, the
// app storing and serving a picture through it, and the command that moves an uploads folder there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveFilesToStore } from '#server/platform/move-files.ts'
import { type S3Settings, s3Storage } from '#server/platform/s3-storage.ts'
import { body, EN } from './helpers/http.ts'
import { pictureUpload } from './helpers/images.ts'
import { type S3StandIn, startS3StandIn } from './helpers/s3-stand-in.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let store: S3StandIn
let settings: S3Settings
beforeAll(async () => {
  store = await startS3StandIn()
  settings = {
    bucket: store.bucket,
    endpoint: store.endpoint,
    region: 'us-east-1',
    accessKeyId: store.accessKeyId,
    secretAccessKey: store.secretAccessKey,
    forcePathStyle: true,
    prefix: '',
  }
})
afterAll(() => store.close())

describe('the S3 driver', () => {
  it('puts, gets and removes files by key, signed with the configured key', async () => {
    const files = s3Storage({ ...settings, prefix: 'school-a/' })
    await files.put('colleges/1/logo.png', Buffer.from('logo bytes'))
    expect(store.objects.get('school-a/colleges/1/logo.png')?.toString()).toBe('logo bytes')
    expect((await files.get('colleges/1/logo.png'))?.toString()).toBe('logo bytes')
    await files.remove('colleges/1/logo.png')
    expect(store.objects.has('school-a/colleges/1/logo.png')).toBe(false)
    // As on disk: a missing file is no file, and removing it again is not an error.
    expect(await files.get('colleges/1/logo.png')).toBeUndefined()
    await files.remove('colleges/1/logo.png')
  })

  it('is refused by the store when signed with another secret', async () => {
    const files = s3Storage({ ...settings, secretAccessKey: 'not-the-secret' })
    await expect(files.put('colleges/1/x.png', Buffer.from('x'))).rejects.toThrow(/signature/i)
    expect(store.objects.has('colleges/1/x.png')).toBe(false)
  })

  it('refuses keys that climb out, and says so when the store is down', async () => {
    const files = s3Storage(settings)
    await expect(files.put('../other/x', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/)
    store.down = true
    try {
      await expect(files.get('anything')).rejects.toThrow()
    } finally {
      store.down = false
    }
  })
})

describe('the app on an S3-compatible store', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ s3: { ...settings, prefix: 'app/' } })
  })
  afterAll(() => t.close())

  async function uploadPicture() {
    const admin = await t.login('admin@demo.test')
    const form = await pictureUpload(uuidv7())
    const res = await t.request('POST', '/api/v1/post-images', { token: admin, body: form, headers: EN })
    expect(res.status).toBe(201)
    const { url } = await body<{ url: string }>(res)
    const key = [...store.objects.keys()].find((k) => url.endsWith(k.split('/').at(-1)!))
    expect(key).toMatch(/^app\/post-images\//)
    return { url, key: key! }
  }

  it('stores an uploaded picture in the store, not on disk, and serves it from there', async () => {
    const { url, key } = await uploadPicture()
    const served = await t.request('GET', url)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(store.objects.get(key)!)).toBe(true)
  })

  it('passes a download on as the store sends it, without waiting for the whole file', async () => {
    const { url, key } = await uploadPicture()
    const whole = store.objects.get(key)!
    const { release } = store.holdBack(key)
    try {
      // Buffered, the answer could not begin while the store keeps back the second half.
      const gaveUp = new Promise<undefined>((resolve) => setTimeout(resolve, 5000))
      const served = await Promise.race([t.request('GET', url), gaveUp])
      expect(served, 'the answer began before the whole file came from the store').toBeDefined()
      expect(served!.headers.get('content-length')).toBe(String(whole.length))
      const reader = served!.body!.getReader()
      const first = Buffer.from((await reader.read()).value!)
      expect(first.length).toBeLessThan(whole.length)
      expect(first.equals(whole.subarray(0, first.length))).toBe(true)
      release()
      const rest: Buffer[] = [first]
      for (let part = await reader.read(); !part.done; part = await reader.read())
        rest.push(Buffer.from(part.value))
      expect(Buffer.concat(rest).equals(whole)).toBe(true)
    } finally {
      release()
    }
  })
})

describe('moving an uploads folder to the store', () => {
  it('copies every file to the same key, and can run again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'uploads-'))
    try {
      mkdirSync(join(root, 'documents', '7'), { recursive: true })
      writeFileSync(join(root, 'documents', '7', 'a.pdf'), 'pdf bytes')
      writeFileSync(join(root, 'logo.png'), 'png bytes')
      const files = s3Storage({ ...settings, prefix: 'moved/' })
      expect(await moveFilesToStore(root, files)).toBe(2)
      expect(await moveFilesToStore(root, files)).toBe(2)
      expect(store.objects.get('moved/documents/7/a.pdf')?.toString()).toBe('pdf bytes')
      expect(store.objects.get('moved/logo.png')?.toString()).toBe('png bytes')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
