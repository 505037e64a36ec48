// A refused body (413) must not poison the connection: a keep-alive client's next request works.
import { Agent, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let server: ReturnType<typeof serve>
let port: number

beforeAll(async () => {
  t = await createTestApp()
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

function send(agent: Agent, path: string, body: Buffer | string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', host: 'localhost' },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('a body over the limit', () => {
  it('is refused with 413, and the same keep-alive client goes on working', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const huge = Buffer.alloc(3 * 1024 * 1024, 'a')
    const refused = await send(agent, '/api/login-mobile', huge)
    expect(refused.status).toBe(413)
    for (let i = 0; i < 3; i++) {
      const next = await send(agent, '/api/colleges/domain', JSON.stringify({ domain: 'localhost' }))
      expect(next.status).toBe(200)
      expect(JSON.parse(next.text).name).toBe('Colegio Demo')
    }
    agent.destroy()
  })
})
