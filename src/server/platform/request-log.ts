import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context.ts'
import { logger } from './logger.ts'

/** Gives each request an id (echoed as X-Request-Id) and logs one line when it ends. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now()
  const requestId = randomUUID()
  c.set('requestId', requestId)
  // Before the answer is made: a header set after it copies the whole response.
  c.header('X-Request-Id', requestId)
  await next()
  if (!c.get('deps').config.logRequests) return
  logRequest(started, {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    host: c.get('host'),
    college: c.get('college')?.id ?? null,
  })
}

type Answered = {
  requestId: string
  method: string
  path: string
  status: number
  host: string
  college: number | null
}

/** The line every answered request logs (here, and for the reads of fast-reads.ts). */
export function logRequest(started: number, answered: Answered): void {
  logger.info('request', { ...answered, ms: Math.round((performance.now() - started) * 10) / 10 })
}
