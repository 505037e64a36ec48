/**
 * Runs the work given to it at most `limit` at a time, the rest waiting their turn in order. For heavy
 * answers (a first sync page is 500 rows and half a megabyte of JSON): fifty built side by side hold
 * fifty pages in memory and make the garbage collector walk them all, where a few at a time keep both
 * cores just as busy and finish each sooner.
 */
export function atMost(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      // The turn passes straight to the next in line, so `running` never drops and rises again.
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
