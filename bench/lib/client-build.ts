// The client the benchmarks serve: a build of its own in a temporary folder, so a build that someone
// else starts in dist/ meanwhile cannot change files under a running measurement.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

/** Files the service worker precaches, from the manifest injected into sw.js. */
export function precacheUrls(distDir: string): string[] {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8')
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!)
}

function complete(distDir: string): boolean {
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(distDir, 'sw.js'))) return false
  const urls = precacheUrls(distDir)
  return urls.length > 0 && urls.every((url) => existsSync(join(distDir, url)))
}

/**
 * Builds the client into `target` (`npx vite build`, as `npm run build` does). With `reuse`, a complete
 * dist/ is copied instead, which is faster; the full run always builds.
 */
export function prepareClient(target: string, reuse: boolean, log: (line: string) => void): string {
  if (reuse && complete('dist')) {
    cpSync('dist', target, { recursive: true })
    if (complete(target)) {
      log('  client: copied the existing dist/')
      return target
    }
  }
  log('  client: building (npx vite build) into a temporary folder')
  const result = spawnSync('npx', ['vite', 'build', '--outDir', target, '--emptyOutDir'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0 || !complete(target)) {
    throw new Error(`the client build failed:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`)
  }
  return target
}

/** The page script of bench/browser/engine-page.ts as one classic script. */
export async function bundlePageScript(): Promise<string> {
  const out = await build({
    configFile: false,
    root: process.cwd(),
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: 'bench/browser/engine-page.ts', formats: ['iife'], name: 'benchPage', fileName: 'bench' },
    },
  })
  const first = Array.isArray(out) ? out[0] : out
  if (!first || !('output' in first)) throw new Error('the page script did not bundle')
  const chunk = first.output.find((o) => o.type === 'chunk')
  if (chunk?.type !== 'chunk') throw new Error('the page script did not bundle')
  return chunk.code
}
