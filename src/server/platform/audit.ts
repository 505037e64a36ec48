import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { nowIso } from './clock.ts'

export type AuditEntry = {
  collegeId: number | null
  actorId: number | null
  action: string
  subjectType: string
  subjectId: string | number
  details?: Record<string, unknown>
  ip?: string
}

/** Audit rows are written inside the caller's transaction, so a change and its record land together. */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      college_id: entry.collegeId,
      actor_id: entry.actorId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      details: JSON.stringify(entry.details ?? {}),
      ip: entry.ip ?? '',
      created_at: nowIso(),
    })
    .execute()
}
