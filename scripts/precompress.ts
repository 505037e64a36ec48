// The build writes a Brotli (quality 11) and a gzip (level 9) copy beside each text file of the client,
// once, so the server sends them as they are instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (TEXT.test(entry.name)) yield path
  }
}

export async function precompressDir(dir: string): Promise<number> {
  let count = 0
  for await (const path of files(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue
    const body = await readFile(path)
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzipAsync(body, { level: 9 }),
    ])
    // Only where it saves something (an already compressed file stays alone).
    if (br.length < body.length) await writeFile(`${path}.br`, br)
    if (gz.length < body.length) await writeFile(`${path}.gz`, gz)
    count++
  }
  return count
}

/** Runs last, once every file (the service worker included) is written. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir)
      },
    },
  }
}
