// One request must never stall a college: crafted text, huge-pixel pictures, the platform owner
// calling a college's endpoints. Each is answered at once with a clear status, leaving nothing behind.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, EN } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let staff: string
beforeAll(async () => {
  t = await createTestApp()
  staff = await t.login('staff@demo.test')
})
afterAll(async () => {
  await t.close()
})

/** A PNG that says it is 16000 x 16000 pixels (a "decompression bomb"), in a few dozen bytes. */
function hugePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4)
    head.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type), data])
    const tail = Buffer.alloc(4)
    tail.writeUInt32BE(crc(typed))
    return Buffer.concat([head, typed, tail])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(16000, 0)
  ihdr.writeUInt32BE(16000, 4)
  ihdr.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16001))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('crafted text', () => {
  it('200,000 "<" in a post are handled like any post, not by blocking the server', async () => {
    const res = await t.request('POST', '/api/v1/posts', {
      token: staff,
      headers: EN,
      json: {
        id: uuidv7(),
        title: 'Angles',
        content: '<'.repeat(200_000),
        grades: ['all'],
        courses: ['all'],
      },
    })
    expect(res.status).toBeLessThan(500)
    // The server still answers others at once afterwards.
    expect((await t.request('GET', '/api/v1/user', { token: staff })).status).toBe(200)
  })
})

describe('pictures with too many pixels', () => {
  it('are refused as an avatar, by their header, with a clear message', async () => {
    const form = new FormData()
    form.set('_method', 'PUT')
    form.set('name', 'Sergio')
    form.set('email', 'staff@demo.test')
    form.set('avatar', new Blob([new Uint8Array(hugePng())], { type: 'image/png' }), 'bomb.png')
    const res = await t.request('POST', '/api/v1/users/update/profile', {
      token: staff,
      body: form,
      headers: EN,
    })
    expect(res.status).toBe(422)
    expect((await body(res)).errors.avatar).toEqual([
      'This picture is too large (over 100 megapixels). Please send a smaller one.',
    ])
  })

  it('are refused as a post picture, and leave no file behind', async () => {
    const form = new FormData()
    form.set('id', uuidv7())
    form.set('file', new Blob([new Uint8Array(hugePng())], { type: 'image/png' }), 'bomb.png')
    const res = await t.request('POST', '/api/v1/post-images', { token: staff, body: form, headers: EN })
    expect(res.status).toBe(422)
    expect((await body(res)).errors.file).toEqual([
      'This picture is too large (over 100 megapixels). Please send a smaller one.',
    ])
  })
})

describe("a college's endpoints, called by the platform owner (who belongs to no college)", () => {
  it('answer 403 with a clear message, and store nothing', async () => {
    const root = await t.login('root@platform.test')
    const category = await t.request('POST', '/api/v1/post-categories', {
      token: root,
      json: { name: 'X' },
      headers: EN,
    })
    expect(category.status).toBe(403)
    expect((await body(category)).message).toBe(
      'This is for the members of a college. Sign in on your college’s address.',
    )
    const form = new FormData()
    form.set('id', uuidv7())
    form.set('file', new Blob([new Uint8Array(Buffer.from('not an image'))], { type: 'image/png' }), 'x.png')
    expect((await t.request('POST', '/api/v1/post-images', { token: root, body: form })).status).toBe(403)
    for (const path of [
      '/api/v1/posts',
      '/api/v1/sync',
      '/api/v1/grades',
      '/api/v1/notifications',
      '/api/v1/post-categories',
    ])
      expect((await t.request('GET', path, { token: root })).status, path).toBe(403)
    const uploads = join(t.dataDir, 'uploads', 'post-images')
    expect(existsSync(join(uploads, 'null'))).toBe(false)
    expect(existsSync(uploads) ? readdirSync(uploads).filter((d) => !/^\d+$/.test(d)) : []).toEqual([])
  })
})
