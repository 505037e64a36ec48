// Configuration from the environment, with defaults that let `npm start` work on a fresh machine.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DEFAULT_POOL_SIZE } from './db/pool-size.ts'
import { type S3Settings, s3Storage } from './platform/s3-storage.ts'
import { localStorage, type Storage } from './platform/storage.ts'

export type Config = {
  port: number
  dataDir: string
  databaseUrl: string | undefined
  /** PostgreSQL connections each process opens at most, besides the one that listens (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number
  appKey: Buffer
  platformHosts: string[]
  /** Hosts where company accounts (local businesses) may sign in: `ADVERTISING_HOSTS`. */
  advertisingHosts: string[]
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
  /** Files in an S3-compatible store instead of `DATA_DIR/uploads` (S3_BUCKET and the S3_* below). */
  s3: S3Settings | undefined
}

function s3From(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX ?? '',
  }
}

/** Where files go: the S3-compatible store when configured, else `DATA_DIR/uploads`. */
export function storageFor(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(join(config.dataDir, 'uploads'))
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

/** Far past what one process can use: a typo of an extra digit is caught, not a large deployment. */
const MAX_POOL_SIZE = 100

/**
 * `DATABASE_POOL_SIZE`: a mistyped value stops the start with this message rather than leaving the
 * pool at a size nobody asked for (a database's `max_connections` is shared by every process).
 */
function poolSizeFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_POOL_SIZE
  const size = Number(value)
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL_SIZE) {
    throw new Error(
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to ${MAX_POOL_SIZE}; it is "${value}"`,
    )
  }
  return size
}

function hostList(value: string | undefined): string[] {
  return (value ?? 'localhost')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data')
  return {
    port: Number(env.PORT ?? 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeFrom(env.DATABASE_POOL_SIZE),
    appKey: overrides.appKey ?? loadAppKey(dataDir, env.APP_KEY),
    platformHosts: hostList(env.PLATFORM_HOSTS),
    advertisingHosts: hostList(env.ADVERTISING_HOSTS),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    distDir: resolve(env.DIST_DIR ?? './dist'),
    publicDir: resolve('./public'),
    logRequests: env.LOG_REQUESTS !== '0',
    pushAllowHttp: env.PUSH_ALLOW_HTTP === '1',
    testPayments:
      env.PAYMENTS_TEST_PROVIDER === '1' ||
      (env.PAYMENTS_TEST_PROVIDER !== '0' && env.NODE_ENV !== 'production'),
    webpayBaseUrl: env.WEBPAY_BASE_URL || undefined,
    s3: s3From(env),
    ...overrides,
  }
}
