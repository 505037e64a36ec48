import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { requireAuth, requireCollegeMember } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { listenForPokes } from '../../platform/live.ts'

export const liveRoutes = new Hono<AppEnv>()

/** Idle connections get a comment this often, so proxies and phones keep them open. */
const KEEP_ALIVE_MS = 25_000

/** A server-sent events stream of `poke` events for the signed-in user; the client then pulls. */
liveRoutes.get('/api/v1/live', requireAuth, requireCollegeMember, (c) => {
  const { user } = c.get('auth')
  c.header('Cache-Control', 'no-store')
  // Buffering proxies (nginx) would hold pokes back until the buffer fills.
  c.header('X-Accel-Buffering', 'no')
  return streamSSE(c, async (stream) => {
    let wake: (() => void) | undefined
    let pending = false
    const stop = listenForPokes({
      collegeId: user.college_id!,
      userId: user.id,
      poke: () => {
        pending = true
        wake?.()
      },
    })
    stream.onAbort(() => {
      stop()
      wake?.()
    })
    await stream.writeSSE({ event: 'ready', data: '' })
    while (!stream.aborted && !stream.closed) {
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, KEEP_ALIVE_MS).unref()
      })
      wake = undefined
      if (stream.aborted || stream.closed) break
      if (pending) {
        pending = false
        await stream.writeSSE({ event: 'poke', data: '' })
      } else await stream.write(': keep-alive\n\n')
    }
    stop()
  })
})
