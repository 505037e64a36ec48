// Which file holds each route's code-split page module, written beside Vite's manifest. The manifest
// keys a chunk by the module it was built for: a route taken into a chunk group (Home and the
// signed-in layout, scripts/home-chunk.ts) has no key of its own there, and the server's hints of the
// scripts each page is about to import (src/server/platform/build-manifest.ts) lost every /app page.
import { relative } from 'node:path'
import type { Plugin } from 'vite'

/** Read by src/server/platform/build-manifest.ts, which names the same file. */
const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json'

export function routeChunks(root: string): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        for (const id of chunk.moduleIds) {
          if (id.includes('?tsr-split=')) files[relative(root, id).replaceAll('\\', '/')] = chunk.fileName
        }
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(files) })
    },
  }
}
