// Whether a live query's later answer holds what its last one held. Each write to a table runs every
// query that reads it again (a first sync lands a page every few hundred milliseconds; Dexie cannot
// tell that older rows leave the newest five as they were), and each answer is new objects: drawn
// again, every screen redrew the same rows on every page.

/**
 * The same values, compared as the mirror stores them (structured clones of JSON-like rows, Maps and
 * Sets of them). Anything else (a Blob) is the same only when it is the same object: drawn again.
 */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameAnswer(a[i], b[i])) return false
    return true
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false
    for (const [key, value] of a) if (!b.has(key) || !sameAnswer(value, b.get(key))) return false
    return true
  }
  if (a instanceof Set) {
    if (!(b instanceof Set) || a.size !== b.size) return false
    for (const value of a) if (!b.has(value)) return false
    return true
  }
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime()
  if (!isPlainObject(a) || !isPlainObject(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !sameAnswer(a[key], b[key])) return false
  }
  return true
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
