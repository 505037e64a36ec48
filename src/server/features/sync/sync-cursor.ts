// The cursor names the user, their visibility epoch and the last change number they have.
export type SyncCursor = { userId: number; epoch: number; version: number }

export function encodeSyncCursor(cursor: SyncCursor): string {
  return Buffer.from(JSON.stringify([1, cursor.userId, cursor.epoch, cursor.version])).toString('base64url')
}

export function decodeSyncCursor(value: string | undefined): SyncCursor | undefined {
  if (!value) return undefined
  try {
    const [format, userId, epoch, version] = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as number[]
    // Numbers the database can hold; anything else is not a cursor this server wrote (reset, not 500).
    const int = (n: unknown, min: number, max: number) =>
      Number.isInteger(n) && (n as number) >= min && (n as number) <= max
    if (format !== 1 || !int(userId, 1, 2_147_483_647) || !int(epoch, 0, 2_147_483_647)) return undefined
    if (!int(version, -1, Number.MAX_SAFE_INTEGER)) return undefined
    return { userId: userId!, epoch: epoch!, version: version! }
  } catch {
    return undefined
  }
}
