// Web push (RFC 8030 with VAPID, RFC 8292, and aes128gcm payloads, RFC 8291). `web-push` encrypts and
// signs; the request goes out through fetch, which keeps connections to the push service open across
// a fan-out of thousands of messages.
import { createPublicKey } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import type { Config } from '../config.ts'

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }
export type PushTarget = { endpoint: string; p256dh: string; auth: string }
export type PushMessage = {
  payload: string
  urgency: 'normal' | 'high'
  /** Replaces a message with the same topic still waiting at the push service (a retry, not a second). */
  topic: string
  ttlSeconds: number
}
/** `gone`: the browser dropped the subscription (404/410); it should be forgotten. */
export type PushResult = 'sent' | 'gone' | 'failed'

export type PushSender = {
  publicKey: string
  send: (target: PushTarget, message: PushMessage) => Promise<PushResult>
}

/** Keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else made once into the data folder. */
export function loadVapidKeys(
  config: Pick<Config, 'dataDir' | 'platformHosts'>,
  env = process.env,
): VapidKeys {
  const subject = env.VAPID_SUBJECT || `mailto:admin@${config.platformHosts[0] ?? 'localhost'}`
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject }
  // Every server behind a load balancer must sign with the same key: share the data folder or set both.
  const file = join(config.dataDir, 'vapid.json')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' })
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  return { ...keys, subject }
}

/**
 * Push services answer over HTTPS; `allowHttp` (PUSH_ALLOW_HTTP=1) lets tests and benchmarks stand a
 * local HTTP server in for one. Without it a subscription to a plain http address is refused, so
 * nobody can make the server post to addresses inside its own network.
 */
export function isAllowedEndpoint(endpoint: string, allowHttp: boolean): boolean {
  try {
    const url = new URL(endpoint)
    if (allowHttp) return url.protocol === 'https:' || url.protocol === 'http:'
    // Push services have names; an address written as an IP (127.0.0.1, 10.x, [::1]) is refused.
    const ipLiteral = /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.startsWith('[')
    return url.protocol === 'https:' && !ipLiteral && url.hostname !== 'localhost'
  } catch {
    return false
  }
}

/**
 * A browser's keys as RFC 8291 needs them: an uncompressed P-256 point and at least 16 secret bytes.
 * Checked when stored, so one bad subscription cannot fail the delivery of everyone else's.
 */
export function isValidPushKeys(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url')
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, 'base64url').length < 16) return false
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    return true
  } catch {
    return false
  }
}

/** A VAPID token is good for up to a day; one per push service is signed again after 12 hours. */
const VAPID_LIFETIME_S = 12 * 3600

export function webPushSender(keys: VapidKeys, allowHttp: boolean, timeoutMs = 15_000): PushSender {
  // Signing is most of a message's cost: one token per push service serves a whole fan-out.
  const tokens = new Map<string, { authorization: string; until: number }>()
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin
    const now = Math.floor(Date.now() / 1000)
    const known = tokens.get(audience)
    if (known && known.until > now + 600) return known.authorization
    const until = now + VAPID_LIFETIME_S
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      until,
    )
    tokens.set(audience, { authorization: Authorization, until })
    return Authorization
  }
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      if (!isAllowedEndpoint(target.endpoint, allowHttp)) return 'gone'
      let request: ReturnType<typeof webpush.generateRequestDetails>
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          message.payload,
          {
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            topic: message.topic,
            contentEncoding: 'aes128gcm',
          },
        )
        request.headers.Authorization = authorizationFor(target.endpoint)
      } catch {
        // Keys no browser could have made: the subscription is of no use.
        return 'gone'
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value)
      delete headers['Content-Length']
      try {
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body as Buffer<ArrayBuffer>,
          signal: AbortSignal.timeout(timeoutMs),
          // A push service answers; it never sends the message on somewhere else.
          redirect: 'manual',
        })
        await response.arrayBuffer().catch(() => undefined)
        if (response.status === 404 || response.status === 410) return 'gone'
        return response.ok ? 'sent' : 'failed'
      } catch {
        return 'failed'
      }
    },
  }
}

const senders = new Map<string, PushSender>()

/** The server's sender: one per data folder, made on first use. */
export function pushSenderFor(config: Config): PushSender {
  let sender = senders.get(config.dataDir)
  if (!sender) {
    sender = webPushSender(loadVapidKeys(config), config.pushAllowHttp)
    senders.set(config.dataDir, sender)
  }
  return sender
}
