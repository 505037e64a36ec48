// The messenger's live path as a family's open tab lives it: a teacher posts a message, the server
// pokes the family's stream, the tab pulls and has the message. Timed from the teacher's request
// leaving to the pull that brings the message back, against the teacher's own acknowledgement (the
// POST's round trip) in the same run. Then: many open streams on one server, each still poked, and
// the server's memory per stream.
import { readFileSync } from 'node:fs'
import { v7 as uuidv7 } from 'uuid'
import type { SyncResponse } from '#shared/sync.ts'
import { median, signIn } from './api.ts'
import type { Server } from './processes.ts'
import { fmt, type Row } from './table.ts'

export type LiveSettings = { messages: number; streams: number }

const PASSWORD = 'demo12345'

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A tab's live stream: resolves `next()` at each poke. */
async function openStream(app: Server, token: string) {
  const controller = new AbortController()
  const res = await fetch(`${app.origin}/api/v1/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let waiting: (() => void) | undefined
  let pokes = 0
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        if (value.includes('event: poke')) {
          pokes++
          waiting?.()
          waiting = undefined
        }
      }
    } catch {
      // closed by the benchmark
    }
  })()
  return {
    pokes: () => pokes,
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
    close: () => controller.abort(),
  }
}

async function pullFrom(app: Server, token: string, since: string): Promise<SyncResponse> {
  const res = await fetch(`${app.origin}/api/v1/sync?since=${encodeURIComponent(since)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return (await res.json()) as SyncResponse
}

async function pullAll(app: Server, token: string, since = ''): Promise<SyncResponse> {
  let page = await pullFrom(app, token, since)
  while (page.hasMore) page = await pullFrom(app, token, page.cursor)
  return page
}

function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)
  return line ? Number(line[1]) : 0
}

export async function messengerLiveRows(app: Server, settings: LiveSettings, log: (line: string) => void) {
  const staff = await signIn(app, 'staff@demo.test', PASSWORD)
  const family = await signIn(app, 'guardian@demo.test', PASSWORD)
  const headers = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' }
  const guardian = (await (
    await fetch(`${app.origin}/api/v1/user`, { headers: { authorization: `Bearer ${family}` } })
  ).json()) as { id: number }
  const conversationId = uuidv7()
  const started = await fetch(`${app.origin}/api/v1/conversations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: conversationId, message_id: uuidv7(), users: [guardian.id], body: 'Hola' }),
  })
  if (started.status !== 201) throw new Error(`starting a conversation answered ${started.status}`)
  let cursor = (await pullAll(app, family)).cursor
  const stream = await openStream(app, family)

  const delivered: number[] = []
  const acknowledged: number[] = []
  for (let i = 0; i < settings.messages; i++) {
    const id = uuidv7()
    const poked = stream.next()
    const t0 = performance.now()
    const sent = fetch(`${app.origin}/api/v1/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id, body: `Mensaje ${i}` }),
    }).then(async (res) => {
      await res.arrayBuffer()
      acknowledged.push(performance.now() - t0)
    })
    // The tab pulls at each poke until the message is there (a poke may be for an earlier change).
    for (;;) {
      await poked
      const page = await pullAll(app, family, cursor)
      cursor = page.cursor
      if (page.changes.some((c) => c.id === id)) break
    }
    delivered.push(performance.now() - t0)
    await sent
  }
  stream.close()
  log(
    `  ${settings.messages} messages: delivered p50 ${fmt.ms(median(delivered))}, acknowledged p50 ${fmt.ms(median(acknowledged))}`,
  )

  // Many tabs at once, all the same family: each must still be poked by one message.
  const pid = app.child.pid!
  const before = rssKb(pid)
  const streams = []
  for (let i = 0; i < settings.streams; i++) streams.push(await openStream(app, family))
  await new Promise((resolve) => setTimeout(resolve, 500))
  const after = rssKb(pid)
  await fetch(`${app.origin}/api/v1/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: uuidv7(), body: 'A todos' }),
  })
  const deadline = Date.now() + 10_000
  while (streams.some((s) => s.pokes() === 0) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50))
  const reached = streams.filter((s) => s.pokes() > 0).length
  for (const s of streams) s.close()
  const perStream = ((after - before) * 1024) / settings.streams
  log(`  ${settings.streams} open streams: ${reached} poked, RSS ${before} → ${after} kB`)

  const rows: Row[] = [
    {
      measure: `Messenger: message to the other tab (poke + pull), median of ${settings.messages}`,
      value: fmt.ms(median(delivered)),
      baseline: `${fmt.ms(median(acknowledged))} sender's acknowledgement`,
      ratio: fmt.ratio(median(delivered) / median(acknowledged)),
      target: '<= 2 s',
      met: median(delivered) <= 2000,
    },
    {
      measure: `Messenger: message to the other tab, p99 of ${settings.messages}`,
      value: fmt.ms(percentile(delivered, 99)),
      baseline: `${fmt.ms(percentile(acknowledged, 99))} sender's acknowledgement`,
      ratio: fmt.ratio(percentile(delivered, 99) / percentile(acknowledged, 99)),
      target: '<= 2 s',
      met: percentile(delivered, 99) <= 2000,
    },
    {
      measure: `Live streams held by one server, each poked by one message`,
      value: `${reached} of ${settings.streams}`,
      target: 'all',
      met: reached === settings.streams,
    },
    {
      measure: 'Live streams: server memory per open stream (RSS growth)',
      value: fmt.kb(perStream),
      baseline: `${fmt.mb(before / 1024)} whole server before`,
      ratio: fmt.ratio((after - before) / before),
    },
  ]
  return rows
}
