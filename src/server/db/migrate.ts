import type { Kysely } from 'kysely'
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import * as platform from './migrations/2026-11-22-0001-platform.ts'
import * as postsSync from './migrations/2026-11-22-0002-posts-sync.ts'
import * as syncIndexes from './migrations/2026-11-22-0003-sync-indexes.ts'
import * as rateLimitCounters from './migrations/2026-11-22-0004-rate-limit-counters.ts'
import * as syncExits from './migrations/2026-11-22-0005-sync-exits.ts'
import * as administration from './migrations/2026-11-22-0006-administration.ts'
import * as events from './migrations/2026-11-22-0007-events.ts'
import * as notifications from './migrations/2026-11-22-0008-notifications.ts'
import * as messenger from './migrations/2026-11-22-0009-messenger.ts'
import * as documents from './migrations/2026-11-23-0010-documents.ts'
import * as payments from './migrations/2026-11-24-0011-payments.ts'
import * as processes from './migrations/2026-11-24-0012-processes.ts'
import * as statistics from './migrations/2026-11-24-0013-statistics.ts'
import * as localBusinesses from './migrations/2026-11-24-0014-local-businesses.ts'
import * as storedMinutes from './migrations/2026-11-30-0015-stored-minutes.ts'
import * as versionsAtCommit from './migrations/2026-11-30-0016-versions-at-commit.ts'
import * as searchKey from './migrations/2026-12-03-0017-search-key.ts'
import * as foldedNameOrder from './migrations/2026-12-04-0018-folded-name-order.ts'

// Listed here rather than read from disk so the same list works under Node, Vite and Vitest.
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-platform': platform,
  '2026-11-22-0002-posts-sync': postsSync,
  '2026-11-22-0003-sync-indexes': syncIndexes,
  '2026-11-22-0004-rate-limit-counters': rateLimitCounters,
  '2026-11-22-0005-sync-exits': syncExits,
  '2026-11-22-0006-administration': administration,
  '2026-11-22-0007-events': events,
  '2026-11-22-0008-notifications': notifications,
  '2026-11-22-0009-messenger': messenger,
  '2026-11-23-0010-documents': documents,
  '2026-11-24-0011-payments': payments,
  '2026-11-24-0012-processes': processes,
  '2026-11-24-0013-statistics': statistics,
  '2026-11-24-0014-local-businesses': localBusinesses,
  '2026-11-30-0015-stored-minutes': storedMinutes,
  '2026-11-30-0016-versions-at-commit': versionsAtCommit,
  '2026-12-03-0017-search-key': searchKey,
  '2026-12-04-0018-folded-name-order': foldedNameOrder,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
