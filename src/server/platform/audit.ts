import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { clientIp } from './client-ip.ts'
import { nowIso } from './clock.ts'
import type { AppEnv } from './context.ts'

export type AuditEntry = {
  collegeId: number | null
  actorId: number | null
  action: string
  subjectType: string
  subjectId: string | number
  details?: Record<string, unknown>
  ip?: string
}

/** The `audit_log` row of an entry, stamped now. */
export function auditRow(entry: AuditEntry) {
  return {
    college_id: entry.collegeId,
    actor_id: entry.actorId,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: String(entry.subjectId),
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? '',
    created_at: nowIso(),
  }
}

/** Audit rows are written inside the caller's transaction, so a change and its record land together. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute()
}

/** Who is changing something, for the audit rows of an admin change. */
export type Actor = { id: number; collegeId: number; ip: string }

/** The signed-in member of a college making this request. */
export function actorOf(c: Context<AppEnv>): Actor {
  return { id: c.get('auth').user.id, collegeId: c.get('auth').user.college_id!, ip: clientIp(c) }
}
