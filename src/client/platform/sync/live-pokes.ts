// The server's "something changed" stream (server-sent events over fetch, which can carry the
// Authorization header that EventSource cannot). A poke means "pull now": an emergency reaches an open
// screen in a second rather than at the next timed pull. A dropped stream is reopened with backoff;
// while it is down the timed pulls still run, so nothing depends on it.
import { authHeaders, syncConfig } from './sync-config.ts'

const RETRY_MIN_MS = 2000
const RETRY_MAX_MS = 60_000

export function connectLivePokes(onPoke: () => void): () => void {
  let stopped = false
  let controller: AbortController | undefined
  let retry = RETRY_MIN_MS
  let timer: ReturnType<typeof setTimeout> | undefined

  const later = () => {
    if (stopped) return
    timer = setTimeout(() => void open(), retry)
    retry = Math.min(retry * 2, RETRY_MAX_MS)
  }

  const open = async () => {
    if (stopped) return
    if (typeof navigator !== 'undefined' && !navigator.onLine) return later()
    controller = new AbortController()
    try {
      const response = await syncConfig.fetch(`${syncConfig.baseUrl}/api/v1/live`, {
        headers: authHeaders({ Accept: 'text/event-stream' }),
        signal: controller.signal,
        cache: 'no-store',
      })
      // Signed out or the college is gone: the session check deals with it; no stream to keep.
      if (response.status === 401 || response.status === 403) return
      if (!response.ok || !response.body) return later()
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const event = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (event.split('\n').includes('event: ready')) retry = RETRY_MIN_MS
          if (event.split('\n').includes('event: poke')) onPoke()
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // Network gone or aborted: try again later (unless stopped).
    }
    later()
  }

  const onOnline = () => {
    if (timer) clearTimeout(timer)
    retry = RETRY_MIN_MS
    controller?.abort()
    void open()
  }
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline)
  void open()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    controller?.abort()
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline)
  }
}
