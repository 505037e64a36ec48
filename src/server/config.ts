// Configuration from the environment, with defaults that let `npm start` work on a fresh machine.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export type Config = {
  port: number
  dataDir: string
  databaseUrl: string | undefined
  appKey: Buffer
  platformHosts: string[]
  trustProxy: boolean
  distDir: string
  publicDir: string
  logRequests: boolean
  /** Lets a local HTTP server stand in for a push service (tests, benchmarks); never in production. */
  pushAllowHttp: boolean
  /** Whether colleges may use the built-in test payment provider (never on a production server). */
  testPayments: boolean
  /** Sends Webpay's calls to this address instead of Transbank's (a local stand-in in tests). */
  webpayBaseUrl: string | undefined
}

function loadAppKey(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) return Buffer.from(fromEnv.replace(/^base64:/, ''), 'base64')
  // Generated once per data folder, so encrypted settings survive restarts.
  const file = join(dataDir, 'app.key')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 })
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data')
  return {
    port: Number(env.PORT ?? 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appKey: overrides.appKey ?? loadAppKey(dataDir, env.APP_KEY),
    platformHosts: (env.PLATFORM_HOSTS ?? 'localhost')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    distDir: resolve(env.DIST_DIR ?? './dist'),
    publicDir: resolve('./public'),
    logRequests: env.LOG_REQUESTS !== '0',
    pushAllowHttp: env.PUSH_ALLOW_HTTP === '1',
    testPayments:
      env.PAYMENTS_TEST_PROVIDER === '1' ||
      (env.PAYMENTS_TEST_PROVIDER !== '0' && env.NODE_ENV !== 'production'),
    webpayBaseUrl: env.WEBPAY_BASE_URL || undefined,
    ...overrides,
  }
}
