// A local stand-in for an S3-compatible store: path-style PUT, GET and DELETE of objects in one
// bucket, answered as S3 answers them (404 NoSuchKey, 204 on delete). It keeps each request's
// Authorization header, so tests can see the SDK signed with the configured key.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type S3StandIn = {
  endpoint: string
  bucket: string
  objects: Map<string, Buffer>
  authorizations: string[]
  /** Answers 503 to everything while true (the store down). */
  down: boolean
  close: () => Promise<void>
}

export async function startS3StandIn(bucket = 'college-files'): Promise<S3StandIn> {
  const objects = new Map<string, Buffer>()
  const authorizations: string[] = []
  const state = { down: false }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      authorizations.push(req.headers.authorization ?? '')
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname)
      const prefix = `/${bucket}/`
      if (state.down) return void res.writeHead(503, { 'content-length': '0' }).end()
      if (!path.startsWith(prefix)) return void res.writeHead(404, { 'content-length': '0' }).end()
      const key = path.slice(prefix.length)
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks))
        return void res.writeHead(200, { etag: '"stand-in"', 'content-length': '0' }).end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return void res.writeHead(204).end()
      }
      const found = objects.get(key)
      if (!found) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`
        return void res.writeHead(404, { 'content-type': 'application/xml' }).end(xml)
      }
      res
        .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': found.length })
        .end(found)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    authorizations,
    get down() {
      return state.down
    },
    set down(value: boolean) {
      state.down = value
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
