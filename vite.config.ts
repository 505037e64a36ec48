import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'
import { compileHints } from './scripts/compile-hints.ts'
import { homeChunkGroup } from './scripts/home-chunk.ts'
import { precompress } from './scripts/precompress.ts'
import { publicIconFiles } from './scripts/public-icons.ts'
import { PUBLIC_PAGES, publicPageFile } from './src/shared/public-pages.ts'

const serverDatabase = process.env.TEST_DATABASE_URL
// What the sign-in page and the public home draw (with the root layout around them). Found on the
// build's first question, not when this file loads: Vitest and the dev server read it too.
const PUBLIC_PAGE_FILES = ['src/client/routes/__root.tsx', ...PUBLIC_PAGES.map(publicPageFile)]
let publicIcons: Set<string> | undefined
function isPublicIcon(file: string): boolean {
  publicIcons ??= publicIconFiles(import.meta.dirname, PUBLIC_PAGE_FILES)
  return publicIcons.has(file)
}

/** What the sign-in page drawn without React shares with the app: state and translations. */
function isBase(id: string): boolean {
  return /node_modules[\\/](jotai[\\/]dist[\\/]vanilla|@lingui[\\/](core|message-utils))/.test(id)
}

export default defineConfig({
  // Each build's own name: what a build kept on a device for the next start is not read by another,
  // whose screens may expect other rows (src/client/platform/sync/kept-answers.ts).
  define: { __APP_BUILD__: JSON.stringify(`${Date.now().toString(36)}-${process.pid}`) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    // React Aria ships its widgets' own words in 34 languages; keep the seven the app speaks.
    optimizeLocales.vite({ locales: ['ar-AE', 'de-DE', 'en-US', 'es-ES', 'fr-FR', 'zh-CN'] }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,jpeg,woff2}'],
        // pdf.js draws thumbnails only while staff upload documents, online: no device installs it.
        globIgnores: ['**/pdf-*.js'],
      },
      devOptions: { enabled: false },
    }),
    compileHints(),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/icons': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
    },
  },
  // The pull worker (src/client/platform/sync/pull-worker.ts) as a module, like the page's scripts.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // The server reads it to preload the catalog of each college's language (features/colleges).
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // The app, and the sign-in page of a first visit, drawn without React (src/client/sign-in.ts).
      input: { index: 'index.html', 'sign-in': 'sign-in.html' },
      output: {
        codeSplitting: {
          // What every page needs (React, the router, state, translations, HTTP) in one file, instead
          // of a dozen tiny chunks that each cost a request and compress worse on their own.
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|@lingui|use-sync-external-store)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)/.test(
                  id,
                ) && !isBase(id),
            },
            // What the sign-in page (drawn without React, sign-in.html) and the app's entry both run, in
            // one file: state and translations without React's bindings (taken first: the framework's
            // group would otherwise take them in with React's bindings), the app's own core that the
            // first page already runs (session, theme, stored keys), and the fields' schema and classes
            // with the stylesheet. What only signed-in screens use (lists, files, figures, advertising)
            // stays with them, off the sign-in page.
            {
              name: 'core',
              test: (id: string) =>
                isBase(id) ||
                /src[\\/]client[\\/](platform[\\/](?!(benefit-counts|use-impressions|use-college-zone|guards|upload-progress|cached-file|save-file|file-size|role-labels|audience|dates|remote|offline-screens)\.ts$)[^\\/]+\.ts|ui[\\/]button-styles\.ts)$/.test(
                  id,
                ) ||
                /^\0vite\/modulepreload-polyfill\.js$|src[\\/](shared[\\/](fields\.schema|rut)|client[\\/](ui[\\/]field-classes|features[\\/]auth[\\/]sign-in[\\/]sign-in-search))\.ts$|src[\\/]client[\\/]styles\.css$/.test(
                  id,
                ),
              priority: 1,
            },
            // Every icon of the signed-in screens in one file (10 KB compressed): left apart, each was a
            // chunk of its own, and Home's thirty were thirty requests through the service worker on an
            // offline start. The public pages' icons stay apart, so a first visit loads none of these.
            {
              name: 'icons',
              test: (id: string) =>
                /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !isPublicIcon(basename(id)),
            },
            // What the app's entry imports beside the pages' chunks and the sign-in page uses none of (a
            // few schemas, the public pages' header pieces and icons), in one file: a first visit's page
            // names every script of its first screen up front, and each file is a request before that
            // screen (over a phone's connection they queued six at a time; the public home named 16, and
            // Lighthouse's estimate of its largest paint counted every one). Only the modules named here:
            // their dependencies stay where they were, so the sign-in page loads nothing more.
            {
              name: 'app-shared',
              test: (id: string) =>
                /src[\\/]shared[\\/](audience\.schema|time-zones|pagination)\.ts$/.test(id) ||
                /src[\\/]client[\\/]ui[\\/](college-mark|language-menu|theme-menu)\.tsx$/.test(id) ||
                (/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && isPublicIcon(basename(id))),
              includeDependenciesRecursively: false,
            },
            // Home and the signed-in shell, past what the entries load, in one file (scripts/home-chunk.ts).
            homeChunkGroup(import.meta.dirname, PUBLIC_PAGE_FILES),
          ],
        },
      },
    },
  },
  test: {
    teardownTimeout: 30_000,
    // Vitest keeps a core free by default (one worker on two cores), but these files spend half their
    // time waiting on a database or a child process: a worker per core ran the suite in 5.6 minutes
    // instead of 11.5 here.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server-sqlite',
          include: ['tests/server/**/*.test.ts'],
          // What only several servers on one PostgreSQL do (relaying pokes) has nothing to test here.
          exclude: ['tests/server/**/*.postgres.test.ts'],
          environment: 'node',
          env: { TEST_DIALECT: 'sqlite', LOG_LEVEL: 'silent' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      // The PostgreSQL run is added whenever TEST_DATABASE_URL is set; an unreachable server fails it.
      ...(serverDatabase
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: ['tests/server/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DIALECT: 'postgres', LOG_LEVEL: 'silent' },
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A hang (a replay that never settles) must fail the run in seconds, not hold CI.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
