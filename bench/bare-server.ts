// The baseline: a bare node:http server, started like the app's server (its own Node process), that
// answers `GET /bytes/<n>` with a fixed JSON body of exactly n bytes. Nothing is computed per request.
import { createServer } from 'node:http'
import { listenUntilStopped } from './lib/serve.ts'

const bodies = new Map<number, Buffer>()

function body(size: number): Buffer {
  let cached = bodies.get(size)
  if (!cached) {
    const frame = '{"data":""}'
    cached = Buffer.from(`{"data":"${'x'.repeat(Math.max(0, size - frame.length))}"}`)
    bodies.set(size, cached)
  }
  return cached
}

const server = createServer((req, res) => {
  const match = req.url?.match(/^\/bytes\/(\d+)$/)
  if (!match) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}')
    return
  }
  const payload = body(Math.min(Number(match[1]), 50_000_000))
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length }).end(payload)
})

listenUntilStopped(server, 'bare server', 3100)
