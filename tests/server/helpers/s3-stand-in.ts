// A local stand-in for an S3-compatible store: path-style PUT, GET and DELETE of objects in one
// bucket, answered as S3 answers them (404 NoSuchKey, 204 on delete, 403 SignatureDoesNotMatch). Each
// request's AWS Signature Version 4 is checked here, written from AWS's description rather than taken
// from the SDK, so a request the SDK signs wrongly (or with another secret) is refused as S3 would.
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type S3StandIn = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  objects: Map<string, Buffer>
  /** Answers 503 to everything while true (the store down). */
  down: boolean
  /**
   * Sends only the first half of this key's object until `release` is called: shows whether the app
   * passes a download on as it arrives or waits for the whole of it.
   */
  holdBack(key: string): { release: () => void }
  close: () => Promise<void>
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)

/** Whether the request carries a valid SigV4 signature made with this key pair. */
function signedWith(req: IncomingMessage, body: Buffer, accessKeyId: string, secret: string): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    )
  if (!auth) return false
  const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[]
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (keyId !== accessKeyId || !amzDate.startsWith(day!)) return false
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false
  const url = new URL(req.url ?? '/', 'http://s3')
  const query = [...url.searchParams]
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&')
  const names = signedHeaders!.split(';')
  if (!names.includes('host')) return false
  const headers = names.map(
    (name) =>
      `${name}:${String(req.headers[name] ?? '')
        .trim()
        .replace(/\s+/g, ' ')}\n`,
  )
  const canonical = [req.method, url.pathname, query, headers.join(''), signedHeaders, payloadHash].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), 's3'), 'aws4_request')
  return createHmac('sha256', key).update(toSign).digest('hex') === signature
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`

export async function startS3StandIn(bucket = 'college-files'): Promise<S3StandIn> {
  const accessKeyId = 'STANDINKEY'
  const secretAccessKey = 'stand-in-secret'
  const objects = new Map<string, Buffer>()
  const held = new Map<string, Promise<void>>()
  const state = { down: false }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks)
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname)
      const prefix = `/${bucket}/`
      if (state.down) return void res.writeHead(503, { 'content-length': '0' }).end()
      if (!signedWith(req, body, accessKeyId, secretAccessKey)) {
        const xml = errorXml('SignatureDoesNotMatch', 'The request signature we calculated does not match.')
        return void res.writeHead(403, { 'content-type': 'application/xml' }).end(xml)
      }
      if (!path.startsWith(prefix)) return void res.writeHead(404, { 'content-length': '0' }).end()
      const key = path.slice(prefix.length)
      if (req.method === 'PUT') {
        objects.set(key, body)
        return void res.writeHead(200, { etag: '"stand-in"', 'content-length': '0' }).end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return void res.writeHead(204).end()
      }
      const found = objects.get(key)
      if (!found) {
        const xml = errorXml('NoSuchKey', 'The specified key does not exist.')
        return void res.writeHead(404, { 'content-type': 'application/xml' }).end(xml)
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': found.length })
      const gate = held.get(key)
      if (!gate) return void res.end(found)
      const half = Math.floor(found.length / 2)
      res.write(found.subarray(0, half))
      await gate
      res.end(found.subarray(half))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    get down() {
      return state.down
    },
    set down(value: boolean) {
      state.down = value
    },
    holdBack(key) {
      let release: () => void = () => undefined
      held.set(
        key,
        new Promise<void>((resolve) => {
          release = () => {
            held.delete(key)
            resolve()
          }
        }),
      )
      return { release: () => release() }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
