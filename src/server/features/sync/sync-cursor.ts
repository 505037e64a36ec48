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
    if (format !== 1 || ![userId, epoch, version].every((n) => Number.isInteger(n))) return undefined
    return { userId: userId!, epoch: epoch!, version: version! }
  } catch {
    return undefined
  }
}
