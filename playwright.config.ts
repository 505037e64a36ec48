import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
]
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Debian's "old headless" Chromium (package chromium-headless-shell), the kind Playwright itself uses
// for headless runs: the same engine without the desktop browser around it, whose own process was the
// busiest of the run (the 16 sign-in tests, without traces: 53 s in the full browser, 38 s here). The
// full browser still runs what only it has, and serves for everything when the shell is absent.
const SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
// Shown notifications (push) and the PDF viewer (a document opened in a new tab) exist only in the
// full browser.
const FULL_BROWSER_ONLY = /(notifications\/push|documents\/documents)\.spec\.ts$/

// End-to-end tests run in Debian's Chromium against a production build and the real server,
// started on a fresh data folder so every run begins from the demo seed.
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  // A test that installs the service worker downloads the whole shell first (229 files, 3.4 MB, 3 s
  // here, 5-8 s with both cores busy); on CI a wait for it once ran out a 45 s test (cause not found:
  // a slow install, or one that failed, which the app now tries again: platform/service-worker.ts).
  timeout: 60_000,
  // A hang anywhere fails the run instead of holding CI until its own limit.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    // A trace of every test cost about a quarter more time: add `--trace retain-on-failure` to look
    // into a failure.
    trace: 'off',
    // An action or a navigation that waits for good fails on its own line: left to the test's
    // timeout, the error named only whatever ran after it (CI once saw only a clean-up's error).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'headless-shell',
      testIgnore: FULL_BROWSER_ONLY,
      use: { launchOptions: { executablePath: existsSync(SHELL) ? SHELL : CHROMIUM, args } },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER_ONLY,
      use: { launchOptions: { executablePath: CHROMIUM, args } },
    },
  ],
  webServer: {
    command: 'rm -rf .tmp/e2e-data && npm run build && node src/server/main.ts',
    env: { PORT: String(PORT), DATA_DIR: '.tmp/e2e-data', LOG_REQUESTS: '0', PLATFORM_HOSTS: 'localhost' },
    url: `http://localhost:${PORT}/manifest.webmanifest`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
