// The cursor names the user, their visibility epoch and where their mirror stands. Clients keep it as
// they got it and send it back; only this file reads it.
export type SyncCursor = {
  userId: number
  epoch: number
  /** The last change number the mirror has (-1: none yet, the mirror fills from zero). */
  version: number
  /**
   * Set while a first sync is under way, where `version` is the change number it started at: the
   * lookup lists are in the mirror up to change `after`, everything else from change `below` on.
   */
  walk?: { after: number; below: number }
}

export function encodeSyncCursor(cursor: SyncCursor): string {
  const fields =
    cursor.walk === undefined
      ? [1, cursor.userId, cursor.epoch, cursor.version]
      : [2, cursor.userId, cursor.epoch, cursor.version, cursor.walk.after, cursor.walk.below]
  return Buffer.from(JSON.stringify(fields)).toString('base64url')
}

export function decodeSyncCursor(value: string | undefined): SyncCursor | undefined {
  if (!value) return undefined
  try {
    const [format, userId, epoch, version, after, below] = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    ) as number[]
    // Numbers the database can hold; anything else is not a cursor this server wrote (reset, not 500).
    const int = (n: unknown, min: number, max: number) =>
      Number.isInteger(n) && (n as number) >= min && (n as number) <= max
    if (!int(userId, 1, 2_147_483_647) || !int(epoch, 0, 2_147_483_647)) return undefined
    if (!int(version, -1, Number.MAX_SAFE_INTEGER)) return undefined
    const cursor = { userId: userId!, epoch: epoch!, version: version! }
    if (format === 1) return cursor
    if (format === 2 && int(after, -1, version!) && int(below, 0, version! + 1))
      return { ...cursor, walk: { after: after!, below: below! } }
    return undefined
  } catch {
    return undefined
  }
}
