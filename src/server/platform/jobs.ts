// Background work (push fan-out, mail) as rows written in the same transaction as the change that
// causes it: a crash before the commit leaves neither, a crash after it leaves a job another worker
// takes once its lease runs out. Handlers are idempotent, so a job run twice does its work once.
import type { Kysely } from 'kysely'
import type { Database, JobsTable } from '../db/schema.ts'
import type { AppDeps } from './context.ts'
import { logger } from './logger.ts'

export type Job = {
  id: number
  collegeId: number | null
  payload: unknown
  attempts: number
  /** Long work calls this between steps, so other workers keep seeing the job as held. */
  renewLease: () => Promise<void>
}
export type JobHandler = (deps: AppDeps, job: Job) => Promise<void>

const handlers = new Map<string, JobHandler>()

/** How long a worker holds a job before others may think it died. */
export const JOB_LEASE_MS = 5 * 60_000
/** After this many failures a job stops, keeping its last error for the log. */
export const JOB_MAX_ATTEMPTS = 10
const POLL_MS = 1000

export function registerJob(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler)
}

/** Seconds before the next try: 5, 10, 20 … up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5000 * 2 ** Math.max(0, attempts - 1), 3600_000)
}

const wakers = new Set<() => void>()

/** Call inside the transaction of the change; the job runs once it commits and its time comes. */
export async function enqueueJob(
  trx: Kysely<Database>,
  job: { kind: string; collegeId: number | null; payload: unknown; runAt?: string },
): Promise<void> {
  const now = new Date().toISOString()
  await trx
    .insertInto('jobs')
    .values({
      college_id: job.collegeId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt && job.runAt > now ? job.runAt : now,
      attempts: 0,
      created_at: now,
    })
    .execute()
}

/** After the commit: this server's workers look for work now rather than at their next tick. */
export function wakeJobWorkers(): void {
  for (const wake of wakers) wake()
}

/**
 * Takes one due job and holds it for the lease. On PostgreSQL, workers of several servers skip the
 * rows another one is taking (`FOR UPDATE SKIP LOCKED`); SQLite has one writer, so the single
 * UPDATE … WHERE id = (SELECT …) is already atomic.
 */
async function claimJob(deps: AppDeps): Promise<JobsTable & { id: number }> {
  const now = new Date()
  const at = now.toISOString()
  const lease = new Date(now.getTime() + JOB_LEASE_MS).toISOString()
  const row = await deps.db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: lease, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) => {
      const due = eb
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('run_at', '<=', at)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', at)]))
        .orderBy('run_at')
        .limit(1)
      return deps.dialect === 'postgres' ? due.forUpdate().skipLocked() : due
    })
    .returningAll()
    .executeTakeFirst()
  return row as JobsTable & { id: number }
}

async function finish(deps: AppDeps, id: number, error?: unknown, attempts = 0): Promise<void> {
  const now = new Date()
  if (!error) {
    await deps.db
      .updateTable('jobs')
      .set({ done_at: now.toISOString(), locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute()
    return
  }
  const last = error instanceof Error ? error.message : String(error)
  const gaveUp = attempts >= JOB_MAX_ATTEMPTS
  await deps.db
    .updateTable('jobs')
    .set({
      locked_until: null,
      last_error: last.slice(0, 1000),
      run_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
      done_at: gaveUp ? now.toISOString() : null,
    })
    .where('id', '=', id)
    .execute()
  logger.error(gaveUp ? 'job failed for the last time' : 'job failed; it will be retried', {
    job: id,
    attempts,
    error: last,
  })
}

/** Runs due jobs until none is left (or `max` ran); returns how many ran. */
export async function runDueJobs(deps: AppDeps, max = 100): Promise<number> {
  let ran = 0
  while (ran < max) {
    const row = await claimJob(deps)
    if (!row) break
    ran++
    const handler = handlers.get(row.kind)
    if (!handler) {
      await finish(deps, row.id, new Error(`no handler for job kind ${row.kind}`), JOB_MAX_ATTEMPTS)
      continue
    }
    try {
      await handler(deps, {
        id: row.id,
        collegeId: row.college_id,
        payload: JSON.parse(row.payload),
        attempts: row.attempts,
        renewLease: async () => {
          await deps.db
            .updateTable('jobs')
            .set({ locked_until: new Date(Date.now() + JOB_LEASE_MS).toISOString() })
            .where('id', '=', row.id)
            .execute()
        },
      })
      await finish(deps, row.id)
    } catch (error) {
      await finish(deps, row.id, error, row.attempts).catch(() => undefined)
    }
  }
  return ran
}

/** Polls for due jobs every second and at once when this server enqueues one; returns a stop. */
export function startJobWorker(deps: AppDeps): () => void {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  const tick = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = runDueJobs(deps)
      .then(() => undefined)
      .catch((error) => logger.error('job worker failed', { error: String(error) }))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          tick()
        }
      })
  }
  const timer = setInterval(tick, POLL_MS)
  timer.unref()
  wakers.add(tick)
  tick()
  return () => {
    stopped = true
    clearInterval(timer)
    wakers.delete(tick)
  }
}
