import { useLocalQuery } from './use-local-query.ts'

/**
 * Whether this device has finished one pull since sign-in: until then an empty list means "not here
 * yet", not "there is none", and screens show placeholders instead of an empty state.
 */
export function useMirrorReady(): boolean | undefined {
  return useLocalQuery(async (db) => (await db.meta.get('cursor')) !== undefined, [])
}
