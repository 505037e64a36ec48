// "Something changed" pokes for signed-in tabs (DESIGN.md section 13): a tab answers a poke with a
// pull, so a poke carries no data and a lost one costs only the wait for the next pull. Each server
// pokes its own tabs; on PostgreSQL, `live-relay.ts` carries pokes to the other servers.

type Listener = { collegeId: number; userId: number; poke: () => void }

export type Notifier = {
  listen: (listener: Listener) => () => void
  /** Pokes these people's open tabs in this college (all its people when `userIds` is omitted), everywhere. */
  poke: (collegeId: number, userIds?: Iterable<number>) => void
  /** Pokes only this server's tabs (what a relay calls for pokes made elsewhere). */
  deliver: (collegeId: number, userIds?: readonly number[]) => void
  /** Set by a relay: passes this server's pokes on to the others. */
  relay?: (collegeId: number, userIds?: readonly number[]) => void
  size: () => number
}

export function createNotifier(): Notifier {
  const listeners = new Set<Listener>()
  const notifier: Notifier = {
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    deliver(collegeId, userIds) {
      const wanted = userIds ? new Set(userIds) : undefined
      for (const listener of listeners) {
        if (listener.collegeId === collegeId && (!wanted || wanted.has(listener.userId))) listener.poke()
      }
    },
    poke(collegeId, userIds) {
      const ids = userIds ? [...userIds] : undefined
      notifier.deliver(collegeId, ids)
      notifier.relay?.(collegeId, ids)
    },
    size: () => listeners.size,
  }
  return notifier
}

/** This server's notifier. */
export const notifier = createNotifier()

export function listenForPokes(listener: Listener): () => void {
  return notifier.listen(listener)
}

export function pokeUsers(collegeId: number, userIds?: Iterable<number>): void {
  notifier.poke(collegeId, userIds)
}
