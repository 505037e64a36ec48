// Just enough of the ZIP format to tell an office document from anything renamed to look like one:
// the names in the central directory, and the bytes of one small entry.
import { inflateRawSync } from 'node:zlib'

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number }

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const MAX_ENTRIES = 10_000

/** The entries of a ZIP archive, or undefined when the bytes are not one. */
export function zipEntries(data: Buffer): ZipEntry[] | undefined {
  if (data.length < 22 || data.readUInt32LE(0) !== LOCAL) return undefined
  // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
  const floor = Math.max(0, data.length - 22 - 0xffff)
  let end = -1
  for (let i = data.length - 22; i >= floor; i--) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i
      break
    }
  }
  if (end < 0) return undefined
  const count = data.readUInt16LE(end + 10)
  let at = data.readUInt32LE(end + 16)
  if (count > MAX_ENTRIES) return undefined
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return undefined
    const nameLength = data.readUInt16LE(at + 28)
    const extraLength = data.readUInt16LE(at + 30)
    const commentLength = data.readUInt16LE(at + 32)
    if (at + 46 + nameLength > data.length) return undefined
    entries.push({
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The content of a small entry (at most `max` bytes once inflated), or undefined. */
export function zipEntryText(data: Buffer, entry: ZipEntry, max = 256 * 1024): string | undefined {
  if (entry.size > max || entry.offset + 30 > data.length || data.readUInt32LE(entry.offset) !== LOCAL)
    return undefined
  const start =
    entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28)
  const raw = data.subarray(start, start + entry.compressedSize)
  try {
    if (entry.method === 0) return raw.toString('utf8')
    if (entry.method === 8) return inflateRawSync(raw, { maxOutputLength: max }).toString('utf8')
  } catch {
    return undefined
  }
  return undefined
}
