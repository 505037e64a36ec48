// "Something changed" pokes for signed-in tabs (DESIGN.md section 13): a tab answers a poke with a
// pull, so a poke carries no data and a lost one costs only the wait for the next pull. In-process
// for now; several servers will relay pokes through PostgreSQL LISTEN/NOTIFY (the scale-out issue).

type Listener = { collegeId: number; userId: number; poke: () => void }

const listeners = new Set<Listener>()

export function listenForPokes(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Pokes these people's open tabs in this college (all of its people when `userIds` is omitted). */
export function pokeUsers(collegeId: number, userIds?: Iterable<number>): void {
  const wanted = userIds ? new Set(userIds) : undefined
  for (const listener of listeners) {
    if (listener.collegeId === collegeId && (!wanted || wanted.has(listener.userId))) listener.poke()
  }
}

export function liveListenerCount(): number {
  return listeners.size
}
