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
  if (!c.var.deps.config.logRequests) return
  logger.info('request', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    host: c.var.host,
    college: c.var.college?.id ?? null,
  })
}
