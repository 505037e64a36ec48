// Web push at the protocol level: a local HTTP server stands in for the push service, and the test
// decrypts what it receives with its own RFC 8291 (aes128gcm) code and checks the VAPID signature
// (RFC 8292) with node:crypto alone, so the server's web-push library is not checking itself.
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { NotificationSend } from '#shared/notifications.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { existingMailFiles, waitForMailFile } from './helpers/mail.ts'
import { runJobs, sendInput } from './helpers/notifications.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

// ---- the stand-in push service ---------------------------------------------------------------------

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer }

let service: Server
let origin: string
const received: Received[] = []
/** Answers to give, in turn, per path; 201 once none is left. */
const answers = new Map<string, number[]>()
/** Paths answered with a 307 to another address. */
const redirects = new Map<string, string>()

async function startPushService(): Promise<void> {
  service = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? ''
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) })
      const location = redirects.get(path)
      if (location) return void res.writeHead(307, { location, 'content-length': '0' }).end()
      const status = answers.get(path)?.shift() ?? 201
      res.writeHead(status, { 'content-length': '0' }).end()
    })
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
}

function receivedAt(path: string): Received[] {
  return received.filter((r) => r.path === path)
}

// ---- the browser's side: its keys, and RFC 8291 decryption -----------------------------------------

type Subscriber = { ecdh: ECDH; auth: Buffer; p256dh: string; authText: string }

function newSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  }
}

/** HKDF (RFC 5869) with SHA-256, in its two steps. */
function hkdfExtract(salt: Buffer, ikm: Buffer): Buffer {
  return createHmac('sha256', salt).update(ikm).digest()
}
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  // One block (T(1)) is enough for every length used here (at most 32 bytes).
  expect(length).toBeLessThanOrEqual(32)
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length)
}

type Decrypted = { text: string; recordSize: number; senderKey: Buffer }

/** The user agent's decryption of an aes128gcm message (RFC 8188 framing, RFC 8291 keys). */
function decryptPush(message: Buffer, subscriber: Subscriber): Decrypted {
  const salt = message.subarray(0, 16)
  const recordSize = message.readUInt32BE(16)
  const idLength = message[20]!
  expect(idLength).toBe(65)
  const senderKey = message.subarray(21, 21 + idLength)
  expect(senderKey[0]).toBe(0x04) // an uncompressed P-256 point
  const record = message.subarray(21 + idLength)
  expect(record.length).toBeLessThanOrEqual(recordSize) // one record only
  expect(record.length).toBeGreaterThan(16)

  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey)
  const prkKey = hkdfExtract(subscriber.auth, ecdhSecret)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    subscriber.ecdh.getPublicKey(),
    senderKey,
  ])
  const ikm = hkdfExpand(prkKey, keyInfo, 32)
  const prk = hkdfExtract(salt, ikm)
  const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16)
  const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12)

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // Padding: the delimiter 0x02 (last record), then zeros.
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  expect(plain[end]).toBe(0x02)
  return { text: plain.subarray(0, end).toString('utf8'), recordSize, senderKey }
}

type PushPayload = {
  id: string
  title: string
  body: string
  emergency: boolean
  college: string
  icon?: string
  url: string
}

/**
 * The VAPID header (`vapid t=<jwt>, k=<key>`): the JWT is ES256, signed by the key in `k`, for the
 * push service's origin, valid for at most a day, with a contact as its subject.
 */
function checkVapid(authorization: string | undefined, publicKey: string, audience: string): void {
  const match = authorization?.match(/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/)
  expect(match, `Authorization: ${authorization}`).toBeTruthy()
  const [, head, claims, signature, k] = match!
  expect(k).toBe(publicKey)
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' })
  const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  expect(jwt.aud).toBe(audience)
  const now = Date.now() / 1000
  expect(jwt.exp).toBeGreaterThan(now)
  expect(jwt.exp).toBeLessThanOrEqual(now + 24 * 3600 + 60)
  expect(jwt.sub).toMatch(/^(mailto:|https:)/)

  const point = Buffer.from(k!, 'base64url')
  expect(point.length).toBe(65)
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  })
  const signed = Buffer.from(`${head}.${claims}`)
  const sig = Buffer.from(signature!, 'base64url')
  expect(sig.length).toBe(64) // r || s, as JWS wants it (not DER)
  expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true)
  // A signature over anything else does not verify: the check above is not vacuous.
  expect(verify('sha256', Buffer.from(`${head}.x${claims}`), { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(
    false,
  )
}

// ---- the app ---------------------------------------------------------------------------------------

let t: TestApp
let admin: string
let staff: string
let guardian: string
let guardianId: number
let staffId: number
let publicKey: string

beforeAll(async () => {
  await startPushService()
  t = await createTestApp({ pushAllowHttp: true })
  ;[admin, staff, guardian] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('staff@demo.test'),
    t.login('guardian@demo.test'),
  ])
  guardianId = await userIdOf(t.db, 'guardian@demo.test', 'demo')
  staffId = await userIdOf(t.db, 'staff@demo.test', 'demo')
  const res = await t.request('GET', '/api/v1/push/key', { token: guardian })
  expect(res.status).toBe(200)
  publicKey = (await body<{ public_key: string }>(res)).public_key
})

afterAll(async () => {
  await t?.close()
  service?.closeAllConnections()
  await new Promise((resolve) => service?.close(resolve))
})

beforeEach(async () => {
  // Each test starts with no browser subscribed and an empty log at the stand-in.
  await t.db.deleteFrom('push_subscriptions').execute()
  received.length = 0
  answers.clear()
  redirects.clear()
})

async function subscribe(token: string, path: string, subscriber: Subscriber) {
  const res = await t.request('POST', '/api/v1/push/subscriptions', {
    token,
    json: { endpoint: `${origin}${path}`, keys: { p256dh: subscriber.p256dh, auth: subscriber.authText } },
    headers: EN,
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

async function send(overrides: Parameters<typeof sendInput>[0] = {}): Promise<NotificationSend> {
  const res = await t.request('POST', '/api/v1/college-notifications', {
    token: admin,
    json: sendInput(overrides),
    headers: EN,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return body<NotificationSend>(res)
}

function copyOf(sendId: string, userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['id', 'delivered_at'])
    .where('send_id', '=', sendId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
}

function jobOf(sendId: string) {
  return t.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', 'notification.deliver')
    .where('payload', 'like', `%${sendId}%`)
    .executeTakeFirstOrThrow()
}

describe('a push as the push service receives it', () => {
  it('the key to subscribe with is an uncompressed P-256 point', () => {
    const point = Buffer.from(publicKey, 'base64url')
    expect(point.length).toBe(65)
    expect(point[0]).toBe(0x04)
  })

  it('a college-wide notification: encrypted for the browser (aes128gcm), signed with VAPID', async () => {
    const browser = newSubscriber()
    await subscribe(guardian, '/push/guardian-a', browser)
    const sent = await send({ title: 'Reunión de apoderados', content: 'El jueves a las 19:00.' })
    await runJobs(t)

    const got = receivedAt('/push/guardian-a')
    expect(got).toHaveLength(1)
    expect(received).toHaveLength(1) // nobody else subscribed
    const [push] = got
    const copy = await copyOf(sent.id, guardianId)

    const { text, senderKey } = decryptPush(push!.body, browser)
    const payload = JSON.parse(text) as PushPayload
    expect(payload).toMatchObject({
      id: copy.id,
      title: 'Reunión de apoderados',
      body: 'El jueves a las 19:00.',
      emergency: false,
      url: `/notifications/?open=${copy.id}`,
    })
    expect(payload.college).toEqual(expect.any(String))
    // The sender's key is made for this message, not the server's VAPID key.
    expect(senderKey.toString('base64url')).not.toBe(publicKey)

    const h = push!.headers
    expect(h['content-encoding']).toBe('aes128gcm')
    expect(h.ttl).toBe(String(24 * 3600))
    expect(h.urgency).toBe('normal')
    expect(h.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
    expect(h.topic).toBe(copy.id.replace(/-/g, ''))
    checkVapid(h.authorization, publicKey, origin)

    expect(copy.delivered_at).not.toBeNull()
    const job = await jobOf(sent.id)
    expect(job.done_at).not.toBeNull()
    expect(job.last_error).toBeNull()
  })

  it('an emergency goes out urgent with a short life; the one pushed gets no mail', async () => {
    const browser = newSubscriber()
    await subscribe(guardian, '/push/guardian-b', browser)
    const seen = await existingMailFiles(t.dataDir)
    const sent = await send({ title: 'Evacuación', content: 'Salgan al patio.', emergency: true })
    await runJobs(t)

    const [push] = receivedAt('/push/guardian-b')
    expect(receivedAt('/push/guardian-b')).toHaveLength(1)
    const copy = await copyOf(sent.id, guardianId)
    const payload = JSON.parse(decryptPush(push!.body, browser).text) as PushPayload
    expect(payload).toMatchObject({
      id: copy.id,
      title: 'Evacuación',
      body: 'Salgan al patio.',
      emergency: true,
      url: `/notifications/?open=${copy.id}`,
    })
    expect(push!.headers.urgency).toBe('high')
    expect(push!.headers.ttl).toBe('3600')
    expect(push!.headers['content-encoding']).toBe('aes128gcm')
    expect(push!.headers.topic).toBe(copy.id.replace(/-/g, ''))
    checkVapid(push!.headers.authorization, publicKey, origin)
    expect(copy.delivered_at).not.toBeNull()

    // The staff member had no browser subscribed: mailed. The guardian, pushed: not mailed.
    await waitForMailFile(t.dataDir, 'staff@demo.test', seen)
    await expect(waitForMailFile(t.dataDir, 'guardian@demo.test', seen, 300)).rejects.toThrow()
  })

  it('two browsers of one person each get their copy, each encrypted for its own keys', async () => {
    const phone = newSubscriber()
    const laptop = newSubscriber()
    await subscribe(guardian, '/push/phone', phone)
    await subscribe(guardian, '/push/laptop', laptop)
    const sent = await send({ scope: 'users', users: [guardianId] })
    await runJobs(t)
    const copy = await copyOf(sent.id, guardianId)
    const [toPhone] = receivedAt('/push/phone')
    const [toLaptop] = receivedAt('/push/laptop')
    expect(JSON.parse(decryptPush(toPhone!.body, phone).text).id).toBe(copy.id)
    expect(JSON.parse(decryptPush(toLaptop!.body, laptop).text).id).toBe(copy.id)
    // A browser cannot read what was sent to another.
    expect(() => decryptPush(toLaptop!.body, phone)).toThrow()
  })

  it('a browser that unsubscribed is no longer pushed to', async () => {
    const browser = newSubscriber()
    await subscribe(guardian, '/push/leaving', browser)
    const res = await t.request('POST', '/api/v1/push/subscriptions/remove', {
      token: guardian,
      json: { endpoint: `${origin}/push/leaving` },
    })
    expect(res.status).toBe(200)
    await send({ scope: 'users', users: [guardianId] })
    await runJobs(t)
    expect(received).toHaveLength(0)
  })
})

describe('what the push service answers', () => {
  it('410 Gone: the subscription is forgotten', async () => {
    const browser = newSubscriber()
    await subscribe(guardian, '/push/expired', browser)
    answers.set('/push/expired', [410])
    const sent = await send({ scope: 'users', users: [guardianId] })
    await runJobs(t)

    expect(receivedAt('/push/expired')).toHaveLength(1)
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', `${origin}/push/expired`)
      .execute()
    expect(left).toEqual([])
    // Nothing left to push to: the copy waits in the guardian's mirror, and the job is done.
    expect((await copyOf(sent.id, guardianId)).delivered_at).not.toBeNull()
    expect((await jobOf(sent.id)).done_at).not.toBeNull()
  })

  it('500 once: the copy waits and the job retries, reaching only the one not yet reached', async () => {
    const guardianBrowser = newSubscriber()
    const staffBrowser = newSubscriber()
    await subscribe(guardian, '/push/flaky', guardianBrowser)
    await subscribe(staff, '/push/staff', staffBrowser)
    answers.set('/push/flaky', [500])
    const sent = await send()
    await runJobs(t)

    expect(receivedAt('/push/flaky')).toHaveLength(1)
    expect(receivedAt('/push/staff')).toHaveLength(1)
    expect((await copyOf(sent.id, guardianId)).delivered_at).toBeNull()
    expect((await copyOf(sent.id, staffId)).delivered_at).not.toBeNull()
    // The subscription stays: a 500 is the service's trouble, not a dropped subscription.
    expect(
      await t.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', `${origin}/push/flaky`)
        .execute(),
    ).toHaveLength(1)
    const failed = await jobOf(sent.id)
    expect(failed.done_at).toBeNull()
    expect(failed.attempts).toBe(1)
    expect(failed.last_error).toMatch(/1 of the recipients/)
    expect(failed.run_at > new Date().toISOString()).toBe(true)
    const firstTopic = receivedAt('/push/flaky')[0]!.headers.topic

    // Not due yet: running the jobs now does nothing.
    expect(await runJobs(t)).toBe(0)

    // Its time comes; the service answers 201 now.
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', failed.id)
      .execute()
    received.length = 0
    expect(await runJobs(t)).toBe(1)

    expect(received).toHaveLength(1) // exactly one more delivery, the staff member's not sent again
    const [retry] = received
    expect(retry!.path).toBe('/push/flaky')
    const copy = await copyOf(sent.id, guardianId)
    const payload = JSON.parse(decryptPush(retry!.body, guardianBrowser).text) as PushPayload
    expect(payload.id).toBe(copy.id)
    expect(retry!.headers.topic).toBe(firstTopic) // the service may replace the first one it still holds
    expect(copy.delivered_at).not.toBeNull()
    const done = await jobOf(sent.id)
    expect(done.done_at).not.toBeNull()
    expect(done.last_error).toBeNull()
    expect(done.attempts).toBe(2)

    // And nothing more after that.
    received.length = 0
    expect(await runJobs(t)).toBe(0)
    expect(received).toHaveLength(0)
  })

  it('an emergency to someone with no browser subscribed goes by mail', async () => {
    const seen = await existingMailFiles(t.dataDir)
    const sent = await send({
      title: 'Corte de agua',
      content: 'Retiren a sus hijos antes de las 12:00.',
      emergency: true,
      scope: 'users',
      users: [guardianId],
    })
    await runJobs(t)
    expect(received).toHaveLength(0)
    const copy = await copyOf(sent.id, guardianId)
    const mail = await waitForMailFile(t.dataDir, 'guardian@demo.test', seen)
    expect(mail.headers.to).toContain('guardian@demo.test')
    expect(mail.text).toContain('Retiren a sus hijos antes de las 12:00.')
    expect(mail.text).toContain(`/notifications/?open=${copy.id}`)
    expect(copy.delivered_at).not.toBeNull()
  })
})

describe('who may subscribe and send', () => {
  it('a plain http address is refused (422) unless the server lets a local stand-in in', async () => {
    const strict = await createTestApp()
    try {
      const token = await strict.login('guardian@demo.test')
      const keys = { p256dh: newSubscriber().p256dh, auth: randomBytes(16).toString('base64url') }
      const refused = await strict.request('POST', '/api/v1/push/subscriptions', {
        token,
        json: { endpoint: `${origin}/push/inside`, keys },
        headers: EN,
      })
      expect(refused.status).toBe(422)
      expect((await body<ErrorBody>(refused)).errors).toHaveProperty('endpoint')
      for (const endpoint of [
        'ftp://push.example/x',
        'not a url',
        'https://127.0.0.1:8443/inside',
        'https://[::1]/inside',
        'https://localhost/inside',
      ])
        expect(
          (
            await strict.request('POST', '/api/v1/push/subscriptions', {
              token,
              json: { endpoint, keys },
            })
          ).status,
        ).toBe(422)
      const accepted = await strict.request('POST', '/api/v1/push/subscriptions', {
        token,
        json: { endpoint: 'https://push.example.test/send/abc', keys },
      })
      expect(accepted.status).toBe(201)
      expect(await strict.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([
        { endpoint: 'https://push.example.test/send/abc' },
      ])
    } finally {
      await strict.close()
    }
  })

  it('keys no browser could make are refused, so they cannot fail everyone else’s delivery', async () => {
    const good = newSubscriber()
    for (const keys of [
      { p256dh: 'abc', auth: 'abc' },
      { p256dh: good.p256dh, auth: randomBytes(8).toString('base64url') },
      // 65 bytes starting with 4, but not a point of the curve.
      {
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
        auth: good.authText,
      },
    ]) {
      const res = await t.request('POST', '/api/v1/push/subscriptions', {
        token: guardian,
        json: { endpoint: `${origin}/push/bad`, keys },
        headers: EN,
      })
      expect(res.status).toBe(422)
    }
    expect(await t.db.selectFrom('push_subscriptions').select('id').execute()).toEqual([])
  })

  it('a redirect from the push service is not followed', async () => {
    const browser = newSubscriber()
    await subscribe(guardian, '/push/moved', browser)
    redirects.set('/push/moved', `${origin}/push/inside`)
    const sent = await send({ scope: 'users', users: [guardianId] })
    await runJobs(t)
    expect(receivedAt('/push/moved')).toHaveLength(1)
    expect(receivedAt('/push/inside')).toHaveLength(0)
    expect((await copyOf(sent.id, guardianId)).delivered_at).toBeNull()
  })

  it('a guardian may not send (403)', async () => {
    const res = await t.request('POST', '/api/v1/college-notifications', {
      token: guardian,
      json: sendInput(),
      headers: EN,
    })
    expect(res.status).toBe(403)
  })

  it('subscribing needs a signed-in person (401)', async () => {
    const res = await t.request('POST', '/api/v1/push/subscriptions', {
      json: { endpoint: `${origin}/push/anon`, keys: { p256dh: newSubscriber().p256dh, auth: 'abc' } },
    })
    expect(res.status).toBe(401)
  })
})
