// One keyset cursor for every list: the sort value and the id of the last row, opaque to clients.
export function encodeCursor(at: string, id: string | number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url')
}

export function decodeCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor) return undefined
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown]
    if (typeof at === 'string' && (typeof id === 'string' || typeof id === 'number'))
      return { at, id: String(id) }
  } catch {
    // fall through: a damaged cursor reads as the first page
  }
  return undefined
}
