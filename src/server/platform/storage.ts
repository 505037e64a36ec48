// Files go through this interface: the local disk by default, or an S3-compatible store that several
// app servers share (s3-storage.ts, chosen in config.ts).
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, normalize } from 'node:path'
import { Readable } from 'node:stream'

/** A stored file being read: sent on as it arrives, so a download never sits whole in memory. */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number | undefined }

export type Storage = {
  put(key: string, data: Buffer): Promise<void>
  /** The whole file, for the server's own use (icons, receipts); downloads use `open`. */
  get(key: string): Promise<Buffer | undefined>
  open(key: string): Promise<StoredFile | undefined>
  remove(key: string): Promise<void>
}

/** Removes these stored files (a row's picture and thumbnail, say); a missing one is no error. */
export async function removeStored(storage: Storage, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.filter((key): key is string => Boolean(key)).map((key) => storage.remove(key)))
}

export function localStorage(root: string): Storage {
  const pathOf = (key: string) => {
    const safe = normalize(key).replace(/^(\.\.(\/|\\|$))+/, '')
    if (safe.startsWith('/') || safe.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
    return join(root, safe)
  }
  return {
    async put(key, data) {
      const file = pathOf(key)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, data)
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch {
        return undefined
      }
    },
    async open(key) {
      const file = pathOf(key)
      try {
        const { size, isFile } = await stat(file).then((s) => ({ size: s.size, isFile: s.isFile() }))
        if (!isFile) return undefined
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size }
      } catch {
        return undefined
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
