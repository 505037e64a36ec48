// Vite's build manifest (dist/.vite/manifest.json) says which files each source module needs. A page
// names the scripts it is about to import in its own HTML, so a phone on a slow connection fetches
// them alongside the first script instead of one after another.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

type Chunk = { file: string; imports?: string[] }
type Manifest = Record<string, Chunk>

// By the version of the page asking (each built page has its own): a new build makes new versions.
const cached = new Map<string, Manifest>()

/** The manifest of the build whose page has this version; an empty one without a build. */
export async function buildManifest(distDir: string, version: string): Promise<Manifest> {
  const key = `${distDir}|${version}`
  const known = cached.get(key)
  if (known) return known
  let manifest: Manifest = {}
  try {
    manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    // A build without a manifest only loses the hints.
  }
  if (cached.size > 8) cached.clear()
  cached.set(key, manifest)
  return manifest
}

function collect(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) collect(manifest, imported, into)
}

/**
 * The files these source modules load (theirs and all they import), less what the page's entry script
 * (`index.html`, `sign-in.html`) already brings, as root-relative URLs. Unknown modules are skipped.
 */
export function modulePreloads(
  manifest: Manifest,
  sources: readonly string[],
  page = 'index.html',
): string[] {
  const entry = new Set<string>()
  collect(manifest, page, entry)
  const wanted = new Set<string>()
  for (const source of sources) collect(manifest, source, wanted)
  return [...wanted].filter((file) => !entry.has(file)).map((file) => `/${file}`)
}

/**
 * The router's code-split page module for a plain path (`/auth/login`, `/auth/reset-password`, `/`), as the
 * router plugin names it. Paths with parameters have no file of their own name and get no hint.
 */
export function routeSources(path: string): string[] {
  if (!/^\/[a-z0-9/-]*$/i.test(path) || path.includes('//')) return []
  const split = (file: string) => `src/client/routes${file}.tsx?tsr-split=component`
  const base = path.replace(/\/$/, '')
  const segments = base.split('/').filter(Boolean)
  // Each enclosing folder's layout (`route.tsx`), then the page itself.
  const layouts = segments.map((_, i) => split(`/${segments.slice(0, i).join('/')}${i ? '/' : ''}route`))
  return [...layouts, split(base), split(`${base}/index`)]
}
