// Child processes the benchmarks measure: the app's server and the bare baseline, started alike.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import pg from 'pg'

export type Server = {
  name: string
  origin: string
  port: number
  /** A cheap path that answers as soon as the server is free. */
  probePath: string
  child: ChildProcess
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForHttp(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})\n${log()}`)
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      return
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms\n${log()}`)
}

/** Starts `node <script>` with env, waits until `readyPath` answers, and keeps the last output lines. */
export async function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const origin = `http://127.0.0.1:${port}`
  await waitForHttp(`${origin}${readyPath}`, child, () => output, 60_000)
  return {
    name,
    origin,
    port,
    probePath: readyPath,
    child,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Peak resident memory (VmHWM) of a process, in MB, since start or the last `resetPeakRss`. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(status.match(/^VmHWM:\s+(\d+)/m)?.[1] ?? 0)
  return kb / 1024
}

/** Clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * CPU time (user and system, every thread) a process has used so far, in microseconds, or undefined
 * where /proc is not there. It varies far less than requests/s on a shared machine.
 */
export function cpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the command name (in parentheses, which may hold spaces) come field 3 onwards: utime and
    // stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

/** Starts a new peak: writing 5 to clear_refs resets VmHWM to the current RSS (Linux). */
export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    // Not Linux, or not allowed: the peak is then the peak since start.
  }
}

/** A new PostgreSQL database beside `url`'s (on the same server), and how to drop it. */
export async function scratchDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/**
 * Waits until the server has finished the requests still queued when a load run stopped (up to one per
 * connection, which on a slow endpoint is seconds of work), so they do not weigh on the next measure:
 * its probe answers at once and its process has stopped using the CPU (a server waiting on PostgreSQL
 * answers its probe while the database still works through the queue).
 */
export async function settle(server: Server): Promise<void> {
  const deadline = Date.now() + 30_000
  const pid = server.child.pid!
  let calm = 0
  let cpu = cpuMicros(pid)
  while (calm < 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50))
    const started = performance.now()
    const res = await fetch(`${server.origin}${server.probePath}`)
    await res.arrayBuffer()
    const now = cpuMicros(pid)
    const busy = cpu === undefined || now === undefined ? 0 : now - cpu
    cpu = now
    calm = performance.now() - started < 15 && busy < 10_000 ? calm + 1 : 0
  }
}

/** What a load generator reports of one run: its figures, and how many requests it sent. */
export type LoadReport<F> = { figures: F; total: number }

/**
 * One warmed-up load run, measured on the server's process: `generate(seconds)` loads it (a warm-up
 * first, when asked); the server's peak RSS during the run and its CPU per request are added, the
 * requests still queued when the run stopped counting as part of its work.
 */
export async function measuredLoad<F>(
  server: Server,
  settings: { warmupS: number; durationS: number },
  generate: (seconds: number) => Promise<LoadReport<F>>,
): Promise<F & { rssMb: number; cpuUs: number | undefined }> {
  if (settings.warmupS > 0) {
    await generate(settings.warmupS)
    await settle(server)
  }
  const pid = server.child.pid!
  resetPeakRss(pid)
  const cpuBefore = cpuMicros(pid)
  const { figures, total } = await generate(settings.durationS)
  await settle(server)
  const cpuAfter = cpuMicros(pid)
  return {
    ...figures,
    rssMb: peakRssMb(pid),
    cpuUs:
      cpuBefore === undefined || cpuAfter === undefined || total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / total,
  }
}
