// Work started by many components at once (a screen's live queries, in one round of effects), run one
// piece per task of the browser's event loop, so that no single task holds them all.

const waiting: (() => void)[] = []
let channel: MessageChannel | undefined

function runNext(): void {
  const start = waiting.shift()
  // Asked for before this piece runs: one that throws must not leave the rest waiting for ever.
  if (waiting.length > 0) channel?.port2.postMessage(null)
  start?.()
}

/**
 * Runs `start` in a task of its own after the ones given before it; the returned function takes it
 * back if it has not run yet. A message rather than a timer: nested timers wait at least 4 ms each.
 */
export function inTurn(start: () => void): () => void {
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = runNext
  }
  waiting.push(start)
  if (waiting.length === 1) channel.port2.postMessage(null)
  return () => {
    const at = waiting.indexOf(start)
    if (at >= 0) waiting.splice(at, 1)
  }
}
