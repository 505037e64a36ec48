// The device refused to store more (V9). Apart from sync-status.ts: the pull worker recognises it
// without the page's state (jotai and its store) in its bundle.

export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } })?.name
  const inner = (error as { inner?: { name?: string } })?.inner?.name
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError'
}
