// Serves the built client: hashed assets for a year, the shell and the service worker never cached,
// and index.html for any page path so deep links work.
import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { Context } from 'hono'
import { type Encoding, isCompressible, preferredEncoding } from './compression.ts'
import type { AppEnv, College } from './context.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (path === '/index.html' || path === '/sw.js' || path.endsWith('.webmanifest')) return 'no-cache'
  return 'public, max-age=3600'
}

async function fileAt(root: string, path: string): Promise<Buffer | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined // broken percent-encoding names no file (and must not become a 500)
  }
  const safe = normalize(decoded).replace(/^(\.\.[/\\])+/, '')
  if (safe.includes('..')) return undefined
  const file = join(root, safe)
  try {
    if (!(await stat(file)).isFile()) return undefined
    return await readFile(file)
  } catch {
    return undefined
  }
}

/**
 * The build's compressed copy of a file, unless the file was written after it (replaced by hand or by
 * a partial deploy): a stale copy would send the old file, and a stale service worker never updates.
 */
async function freshCopy(root: string, path: string, suffix: 'br' | 'gz'): Promise<Buffer | undefined> {
  const copy = await fileAt(root, `${path}.${suffix}`)
  if (!copy) return undefined
  try {
    const [original, compressed] = await Promise.all([
      stat(join(root, normalize(decodeURIComponent(path)))),
      stat(join(root, normalize(decodeURIComponent(`${path}.${suffix}`)))),
    ])
    return compressed.mtimeMs >= original.mtimeMs ? copy : undefined
  } catch {
    return undefined
  }
}

const UNKNOWN_HOST_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>No college here</title><body style="font-family:system-ui;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>No college is linked to this address</h1><p>Check the address you were given by your school or college.</p></body></html>`

/** Writes the page for this request's college into the built index.html (see features/colleges). */
export type IndexRenderer = (c: Context<AppEnv>, template: string, version: string) => Promise<string>

/**
 * A picture the launch screen shows under the college's name until the app draws, where it is the
 * first screen's largest: its address, its text for screen readers, its size (the room it keeps) and,
 * when it is advertising, the label that says so (in the page's language).
 */
export type LaunchPicture = { src: string; alt: string; width: number; height: number; label?: string }

/**
 * Something a page's first screen shows besides the college, named in the page so that a first visit
 * draws it without waiting for the first sync: a JSON data block (`<script type="application/json"
 * id={id}>`, read by the client), the pictures to fetch with the page and one the launch screen shows.
 */
export type FirstScreen = { id: string; data: unknown; images: string[]; launch?: LaunchPicture }
/** What a feature names in the page at `path` of `college`, in the page's language `lang`, if anything. */
export type FirstScreenSource = (
  c: Context<AppEnv>,
  college: College,
  path: string,
  lang: string,
) => Promise<FirstScreen | undefined>

/**
 * Pages with a built HTML of their own: a first visit of the sign-in page gets it without the app's
 * framework (src/client/sign-in.ts). The service worker answers every later visit with index.html,
 * whose router draws the same page.
 */
/** The copies the build makes of each compressible file (scripts/precompress.ts), best first. */
const BUILT_ENCODINGS: readonly Encoding[] = ['br', 'gzip']

const PAGE_FILES: Record<string, string> = { '/auth/login': 'sign-in.html' }

/** The page file this path is answered with. */
export function pageFileOf(path: string): string {
  return PAGE_FILES[path] ?? 'index.html'
}

const templates = new Map<string, { version: string; text: string }>()

/** A built page, read again only when a new build replaced it. */
async function pageTemplate(
  distDir: string,
  file: string,
): Promise<{ version: string; text: string } | undefined> {
  try {
    const info = await stat(join(distDir, file))
    const version = `${file}:${info.mtimeMs}:${info.size}`
    const cached = templates.get(file)
    if (cached?.version === version) return cached
    const fresh = { version, text: await readFile(join(distDir, file), 'utf8') }
    templates.set(file, fresh)
    return fresh
  } catch {
    return undefined
  }
}

export async function serveClient(c: Context<AppEnv>, renderIndex?: IndexRenderer): Promise<Response> {
  const { distDir, publicDir } = c.get('deps').config
  const path = c.req.path === '/' ? '/index.html' : c.req.path
  const asset =
    (await fileAt(distDir, path)) ??
    (path.startsWith('/default/') ? await fileAt(publicDir, path) : undefined)
  if (asset && path !== '/index.html') {
    const type = TYPES[extname(path)] ?? 'application/octet-stream'
    const headers = { 'Content-Type': type, 'Cache-Control': cacheControl(path) }
    // The copy the build compressed, when the browser takes it (see scripts/precompress.ts).
    const encoding = isCompressible(type)
      ? preferredEncoding(c.req.header('accept-encoding'), BUILT_ENCODINGS)
      : undefined
    const packed = encoding && (await freshCopy(distDir, path, encoding === 'br' ? 'br' : 'gz'))
    if (encoding && packed) {
      return c.body(new Uint8Array(packed), 200, {
        ...headers,
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
      })
    }
    return c.body(new Uint8Array(asset), 200, headers)
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Not found', 404)
  // A missing file with an extension is a real 404, not the app shell (a stale chunk must fail loudly),
  // unless a page is asked for (an address typed or followed: a folder named "Actas 2026.1"): the app
  // then answers it, or says in the person's language that there is no such page, as the service
  // worker's navigation route does on later visits.
  const page = c.req.header('sec-fetch-mode') === 'navigate' || c.req.header('accept')?.includes('text/html')
  if (path !== '/index.html' && extname(path) && !page) return c.text('Not found', 404)
  if (!c.get('college') && !c.get('deps').config.platformHosts.includes(c.get('host'))) {
    return c.html(UNKNOWN_HOST_PAGE, 404)
  }
  const index =
    (await pageTemplate(distDir, pageFileOf(c.req.path))) ?? (await pageTemplate(distDir, 'index.html'))
  if (!index)
    return c.text('The client is not built yet: run `npm run build` (npm start does it for you).', 503)
  const html = renderIndex ? await renderIndex(c, index.text, index.version) : index.text
  return c.body(html, 200, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' })
}
