// How the bench's own servers (the bare baseline, the reference) listen and stop, alike.
import type { Server } from 'node:http'

/** Listens on PORT (or `port`), says so on stdout, and closes every connection on SIGTERM or SIGINT. */
export function listenUntilStopped(server: Server, name: string, port: number): void {
  const chosen = Number(process.env.PORT ?? port)
  server.listen(chosen, () => process.stdout.write(`${name} listening on ${chosen}\n`))
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      server.close(() => process.exit(0))
      server.closeAllConnections()
    })
  }
}
