// wrk (Debian's package), where it is installed: a load generator written in C that needs a fraction of
// the CPU autocannon needs for the same requests. On a two-core machine that decides what a second
// server process can show: autocannon alone takes most of a core at the rates of `/api/v1/user`.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { promisify } from 'node:util'
import type { LoadFigures, LoadSettings } from './api.ts'
import { measuredLoad, type Server } from './processes.ts'

const run = promisify(execFile)

/** The wrk to use (`WRK_PATH`, or Debian's), or undefined when there is none. */
function wrkPath(): string | undefined {
  const path = process.env.WRK_PATH ?? '/usr/bin/wrk'
  return existsSync(path) ? path : undefined
}

/** What loads the servers: wrk where it is installed, unless `BENCH_LOADER=autocannon` asks otherwise. */
export function loadGenerator(): 'wrk' | 'autocannon' {
  return wrkPath() && process.env.BENCH_LOADER !== 'autocannon' ? 'wrk' : 'autocannon'
}

/** wrk's "1.23ms", "456.00us" or "1.01s", in milliseconds. */
function ms(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text)
  if (!match) return Number.NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
}

/** The figures of one wrk run, read from its report. */
export function parseWrk(report: string): Omit<LoadFigures, 'rssMb' | 'cpuUs'> & { total: number } {
  const find = (pattern: RegExp) => pattern.exec(report)?.[1]
  const total = Number(find(/(\d+) requests in /))
  const seconds = ms(find(/requests in ([\d.]+\w+),/) ?? '') / 1000
  const non2xx = Number(find(/Non-2xx or 3xx responses: (\d+)/) ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  return {
    total,
    rps: (total - non2xx) / seconds,
    p50: ms(find(/\s50%\s+(\S+)/) ?? ''),
    p99: ms(find(/\s99%\s+(\S+)/) ?? ''),
    non2xx,
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  }
}

/** One warmed-up wrk run of one endpoint (one thread, the connections of `settings`). */
export async function wrkLoad(
  server: Server,
  path: string,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<LoadFigures> {
  const wrk = wrkPath()!
  const args = (seconds: number) => [
    '-t1',
    `-c${settings.connections}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    `${server.origin}${path}`,
  ]
  return measuredLoad(server, settings, async (seconds) => {
    const { total, ...figures } = parseWrk((await run(wrk, args(seconds))).stdout)
    return { figures, total }
  })
}
