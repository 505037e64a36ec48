// Moving to an object store: every file under the local uploads folder is put into the store at the
// same key. Run again, it puts them again (the same bytes), so an interrupted move is finished by
// running it once more; the folder is left as it was, to delete once the servers use the store.
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { Storage } from './storage.ts'

export async function moveFilesToStore(
  root: string,
  store: Storage,
  onFile: (key: string) => void = () => undefined,
): Promise<number> {
  let moved = 0
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const key = relative(root, file).split(sep).join('/')
    await store.put(key, await readFile(file))
    onFile(key)
    moved++
  }
  return moved
}
