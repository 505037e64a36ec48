// A process that tells the others of something and must hear them answer before it goes on (a
// sign-out: live-relay.ts between servers over NOTIFY, cluster.ts between workers over IPC). Each
// question is numbered and settled by its answer, or after a time limit so a hung process cannot
// hold the asker.

export type AwaitedReplies = {
  /** A new number, and what resolves once `settle` is called with it or the time limit passed. */
  ask: () => { id: number; answered: Promise<void> }
  settle: (id: number) => void
}

export function awaitedReplies(limitMs: number): AwaitedReplies {
  let last = 0
  const open = new Map<number, () => void>()
  return {
    ask() {
      const id = ++last
      const answered = new Promise<void>((resolve) => {
        const timer = setTimeout(done, limitMs)
        function done() {
          clearTimeout(timer)
          open.delete(id)
          resolve()
        }
        open.set(id, done)
      })
      return { id, answered }
    },
    settle(id) {
      open.get(id)?.()
    },
  }
}
