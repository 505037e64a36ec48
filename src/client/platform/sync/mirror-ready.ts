import { COMPLETE_KEY, CURSOR_KEY } from './local-db.ts'
import { useLocalQuery } from './use-local-query.ts'

/**
 * Whether this device has finished one whole pull since sign-in: until then an empty list means "not
 * here yet", not "there is none", and screens show placeholders instead of an empty state.
 */
export function useMirrorReady(): boolean | undefined {
  return useLocalQuery(
    async (db) => (await db.meta.get(COMPLETE_KEY)) !== undefined,
    [],
    undefined,
    'mirror:complete',
  )
}

/**
 * Whether a first page has landed: it brings the short lists other rows name and Home's banners, so
 * from then on a missing banner means there is none today.
 */
export function useMirrorStarted(): boolean | undefined {
  return useLocalQuery(
    async (db) => (await db.meta.get(CURSOR_KEY)) !== undefined,
    [],
    undefined,
    'mirror:started',
  )
}
