import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// As Vite writes it from index.html: the server fills in the college's name, language and icons.
// Server tests use this instead of `dist/`, which exists only after a build (CI tests before it builds).
export const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>School management</title>
    <meta name="description" content="generic" />
    <meta name="theme-color" content="#1d4ed8" />
    <meta property="og:title" content="School management" />
    <meta property="og:description" content="generic" />
    <meta property="og:image" content="/default/app.jpeg" />
    <link rel="icon" href="/default/logo.jpeg" />
    <link rel="apple-touch-icon" href="/default/logo.jpeg" />
    <script type="module" src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="app"></div></body>
</html>`
export const APP_JS = 'console.log("app")'
/** The sign-in page of a first visit: the same head, its own script (src/client/sign-in.ts). */
export const SIGN_IN = INDEX.replace('/assets/app-abc123.js', '/assets/sign-in-abc123.js')

/** What Vite's manifest says of a few modules: the entries, a page of the app and two languages' texts. */
export const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_framework-f1.js', '_core-f4.js'] },
  'sign-in.html': { file: 'assets/sign-in-abc123.js', isEntry: true, imports: ['_core-f4.js'] },
  '_framework-f1.js': { file: 'assets/framework-f1.js' },
  '_core-f4.js': { file: 'assets/core-f4.js' },
  '_form-f2.js': { file: 'assets/form-f2.js', imports: ['_framework-f1.js'] },
  'src/client/routes/auth/reset-password.tsx?tsr-split=component': {
    file: 'assets/reset-password-f3.js',
    imports: ['_framework-f1.js', '_form-f2.js', '_core-f4.js'],
  },
  // A page that needs a session: the server names none of it (college-index-html.ts).
  'src/client/routes/app/home.tsx?tsr-split=component': {
    file: 'assets/home-f5.js',
    imports: ['_framework-f1.js', '_dexie-f6.js'],
  },
  '_dexie-f6.js': { file: 'assets/dexie-f6.js' },
  'src/locales/es/public.po': { file: 'assets/public-es.js' },
  'src/locales/en/public.po': { file: 'assets/public-en.js' },
}
export const SW_JS = 'self.addEventListener("install", () => {})'

export interface BuiltClient {
  /** The folder holding `dist/`, for files that must stay out of reach. */
  root: string
  distDir: string
  remove(): void
}

export function writeBuiltClient(): BuiltClient {
  const root = mkdtempSync(join(tmpdir(), 'college-dist-'))
  const distDir = join(root, 'dist')
  mkdirSync(join(distDir, 'assets'), { recursive: true })
  writeFileSync(join(distDir, 'index.html'), INDEX)
  writeFileSync(join(distDir, 'sign-in.html'), SIGN_IN)
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), APP_JS)
  writeFileSync(join(distDir, 'sw.js'), SW_JS)
  mkdirSync(join(distDir, '.vite'))
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
  return { root, distDir, remove: () => rmSync(root, { recursive: true, force: true }) }
}
