// The real server (`src/server/main.ts`) as its own process, for tests of how several run together:
// started on a free port with the given environment, ready once it prints its banner.
import { type ChildProcess, spawn } from 'node:child_process'
import { freePort, scratchDatabase as scratchBeside } from '../../../bench/lib/processes.ts'

export { freePort }

export type ServerProcess = {
  port: number
  origin: string
  child: ChildProcess
  output: () => string
  /** SIGTERM, and waits until it has exited. */
  stop: () => Promise<void>
}

/** `ready`: a line of the banner that says the server (all its processes) listens. */
export async function startServer(
  env: Record<string, string>,
  ready = 'College app running on',
  port?: number,
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort())
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, LOG_REQUESTS: '0', LOG_LEVEL: 'silent', ...env, PORT: String(chosen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const deadline = Date.now() + 50_000
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port: chosen,
    origin: `http://localhost:${chosen}`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A new PostgreSQL database beside TEST_DATABASE_URL's, and how to drop it. */
export function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return scratchBeside(process.env.TEST_DATABASE_URL!, prefix)
}
