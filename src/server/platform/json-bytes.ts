// A large answer's JSON made as bytes, a few tens of kilobytes at a time. V8 puts every string over
// ~128 KB in memory of its own, mapped for it and unmapped again: a family's first sync page (280 KB)
// cost 9 ms to stringify whole on the 2-core machine, 5 of user time and 4 of the kernel's page
// faults, and writing that string to the socket copied it twice more. Element by element, the same
// bytes took 1.2 ms (README, design notes).

/** Text gathered before it becomes bytes: well under the size V8 gives memory of its own. */
const CHUNK_CHARS = 32 * 1024

/** An array's JSON built one element at a time into `out`. */
function writeArray(list: readonly unknown[], out: Chunks): void {
  out.add('[')
  for (let i = 0; i < list.length; i++) {
    // JSON.stringify writes null for an element it cannot write (undefined, a function).
    out.add((i ? ',' : '') + (JSON.stringify(list[i]) ?? 'null'))
  }
  out.add(']')
}

class Chunks {
  private text = ''
  private readonly parts: Buffer[] = []
  add(piece: string): void {
    this.text += piece
    if (this.text.length >= CHUNK_CHARS) this.flush()
  }
  flush(): void {
    if (this.text) this.parts.push(Buffer.from(this.text))
    this.text = ''
  }
  bytes(): Buffer<ArrayBuffer> {
    this.flush()
    return Buffer.concat(this.parts)
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { toJSON?: unknown }).toJSON !== 'function'

/**
 * `Buffer.from(JSON.stringify(value))`, byte for byte, without the whole text as one string: the
 * value's arrays (at its top or one level down, as `{ changes: [...] }`) are written element by
 * element. Anything else (a small value, an object with `toJSON`) is written as JSON.stringify writes it.
 */
export function jsonBytes(value: unknown): Buffer<ArrayBuffer> {
  const out = new Chunks()
  if (Array.isArray(value)) writeArray(value, out)
  else if (isPlainObject(value)) {
    out.add('{')
    let first = true
    for (const key of Object.keys(value)) {
      const item = value[key]
      // JSON.stringify leaves out what it cannot write as a property.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
      out.add(`${first ? '' : ','}${JSON.stringify(key)}:`)
      first = false
      if (Array.isArray(item)) writeArray(item, out)
      else out.add(JSON.stringify(item))
    }
    out.add('}')
  } else out.add(JSON.stringify(value) ?? '')
  return out.bytes()
}
