// Files go through this interface: the local disk by default, or an S3-compatible store that several
// app servers share (s3-storage.ts, chosen in config.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, normalize } from 'node:path'

export type Storage = {
  put(key: string, data: Buffer): Promise<void>
  get(key: string): Promise<Buffer | undefined>
  remove(key: string): Promise<void>
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
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
