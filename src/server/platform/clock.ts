export function nowIso(): string {
  return new Date().toISOString()
}
