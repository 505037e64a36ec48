// A list's search, filters and sort live in the address (`/users/?q=ana&role=3`), so a list can be
// bookmarked and shared. Each route checks its search with a schema; a value that does not fit is
// dropped rather than breaking the page (an old bookmark, a hand-edited link).
import * as v from 'valibot'

export function searchValidator<S extends v.ObjectSchema<v.ObjectEntries, undefined>>(schema: S) {
  return (search: Record<string, unknown>): v.InferOutput<S> => {
    const result = v.safeParse(schema, search)
    if (result.success) return result.output
    const bad = new Set(result.issues.map((issue) => v.getDotPath(issue)?.split('.')[0]))
    const kept = Object.fromEntries(Object.entries(search).filter(([key]) => !bad.has(key)))
    const retry = v.safeParse(schema, kept)
    return retry.success ? retry.output : v.parse(schema, {})
  }
}

/** An optional id in the address: a positive whole number. */
export const searchId = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)))
/** Optional text in the address (a search). */
export const searchText = v.optional(v.pipe(v.string(), v.maxLength(100)))
