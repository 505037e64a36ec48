import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)

// End-to-end tests run in Debian's Chromium against a production build and the real server,
// started on a fresh data folder so every run begins from the demo seed.
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  timeout: 45_000,
  // A hang anywhere fails the run instead of holding CI until its own limit.
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
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
