// Sending a notification: the send is stored with a job in one transaction; sending now also writes
// each person's copy in that transaction (so it reaches their mirrors at once), a later send time
// leaves that to the job. The job then pushes and mails (notification-delivery.ts).
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { NotificationAnswer } from '#shared/api-types.ts'
import { messages } from '#shared/i18n/messages.ts'
import type {
  NotificationBoard,
  NotificationRecipient,
  NotificationScope,
  NotificationSend,
} from '#shared/notifications.schema.ts'
import type { Database, NotificationSendsTable } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { enqueueJob, wakeJobWorkers } from '../../platform/jobs.ts'
import { pokeUsers } from '../../platform/live.ts'
import { personName } from '../../platform/person-name.ts'
import { takeVersions } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { checkAudience, recipientIds, type StoredAudience } from './notification-recipients.ts'

export const DELIVER_JOB = 'notification.deliver'

/** A send time this close to now is "now" (the form's clock and the server's differ a little). */
const NOW_SLACK_MS = 60_000

type SendRow = NotificationSendsTable

export type NewSend = {
  id: string
  title: string
  content: string
  emergency: boolean
  send_at: string | null
  audience: StoredAudience
  /** Where links in mails point (the sender's address of the college). */
  origin: string
}

/**
 * Each person's copy, once: a retried job finds `sent_at` set and writes nothing. Returns who got
 * one, for the pokes after the commit.
 */
export async function materializeSend(trx: Kysely<Database>, send: SendRow, now: string): Promise<number[]> {
  if (send.sent_at || send.cancelled_at) return []
  const audience: StoredAudience = {
    scope: send.scope as NotificationScope,
    ids: JSON.parse(send.target_ids),
  }
  const people = await recipientIds(trx, send.college_id, audience)
  if (people.length) {
    const first = await takeVersions(trx, send.college_id, people.length)
    const rows = people.map((userId, i) => ({
      id: uuidv7(),
      college_id: send.college_id,
      user_id: userId,
      send_id: send.id,
      title: send.title,
      content: send.content,
      scope: send.scope,
      emergency: send.emergency,
      read_at: null,
      created_at: now,
      version: first + i,
    }))
    // Both databases take a few thousand rows per statement within their parameter limits.
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('notifications')
        .values(rows.slice(i, i + 500))
        .execute()
  }
  await trx
    .updateTable('notification_sends')
    .set({ sent_at: now, recipients: people.length })
    .where('id', '=', send.id)
    .execute()
  return people
}

export async function createSend(
  db: Kysely<Database>,
  actor: Actor,
  input: NewSend,
): Promise<NotificationSend> {
  const existing = await db
    .selectFrom('notification_sends')
    .select(['college_id', 'author_id'])
    .where('id', '=', input.id)
    .executeTakeFirst()
  if (existing) {
    // A replay of the same request (a double click, a retry after a lost answer) gets the same send.
    if (existing.college_id === actor.collegeId && existing.author_id === actor.id)
      return (await loadSends(db, actor.collegeId, [input.id]))[0]!
    throw new ApiError(409, messages.idTaken)
  }
  await checkAudience(db, actor.collegeId, input.audience)
  const nowMs = Date.now()
  const now = new Date(nowMs).toISOString()
  if (input.send_at && input.send_at < new Date(nowMs - NOW_SLACK_MS).toISOString())
    throw validationError({ send_at: [messages.sendAtPast] })
  const later = input.send_at && input.send_at > new Date(nowMs + NOW_SLACK_MS).toISOString()
  const row: SendRow = {
    id: input.id,
    college_id: actor.collegeId,
    author_id: actor.id,
    title: input.title,
    content: input.content,
    emergency: input.emergency ? 1 : 0,
    scope: input.audience.scope,
    target_ids: JSON.stringify(input.audience.ids),
    send_at: later ? input.send_at! : now,
    sent_at: null,
    cancelled_at: null,
    recipients: 0,
    created_at: now,
  }
  const reached = await db.transaction().execute(async (trx) => {
    await trx.insertInto('notification_sends').values(row).execute()
    const people = later ? [] : await materializeSend(trx, row, now)
    if (!later && people.length === 0) throw validationError({ scope: [messages.notificationNobody] })
    await enqueueJob(trx, {
      kind: DELIVER_JOB,
      collegeId: actor.collegeId,
      payload: { send_id: row.id, origin: input.origin },
      runAt: row.send_at,
    })
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'notification.send',
      subjectType: 'notification_send',
      subjectId: row.id,
      details: {
        scope: row.scope,
        emergency: input.emergency,
        recipients: people.length,
        send_at: row.send_at,
      },
      ip: actor.ip,
    })
    return people
  })
  if (reached.length) pokeUsers(actor.collegeId, reached)
  wakeJobWorkers()
  return (await loadSends(db, actor.collegeId, [row.id]))[0]!
}

/** A scheduled send that has not gone yet can be called off. */
export async function cancelSend(db: Kysely<Database>, actor: Actor, id: string): Promise<NotificationSend> {
  await db.transaction().execute(async (trx) => {
    const send = await tenantScope(trx, actor.collegeId)
      .selectFrom('notification_sends')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    if (!send) throw notFound()
    if (send.cancelled_at) return
    if (send.sent_at) throw new ApiError(409, messages.notificationAlreadySent)
    await tenantScope(trx, actor.collegeId)
      .updateTable('notification_sends')
      .set({ cancelled_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'notification.cancel',
      subjectType: 'notification_send',
      subjectId: id,
      ip: actor.ip,
    })
  })
  return (await loadSends(db, actor.collegeId, [id]))[0]!
}

type SendWithAuthor = SendRow & { author: string }

async function countsBySend(db: Kysely<Database>, collegeId: number, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { read: number; answered: number; last_read_at: string | null }>()
  const rows = await tenantScope(db, collegeId)
    .selectFrom('notifications')
    .select(({ fn }) => [
      'send_id',
      fn.count<number>('read_at').as('read'),
      fn.count<number>('answer').as('answered'),
      fn.max('read_at').as('last_read_at'),
    ])
    .where('send_id', 'in', ids)
    .groupBy('send_id')
    .execute()
  return new Map(
    rows.map((r) => [
      r.send_id!,
      { read: Number(r.read), answered: Number(r.answered), last_read_at: r.last_read_at ?? null },
    ]),
  )
}

export async function toSendDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: SendWithAuthor[],
): Promise<NotificationSend[]> {
  const counts = await countsBySend(
    db,
    collegeId,
    rows.map((r) => r.id),
  )
  return rows.map((r) => {
    const c = counts.get(r.id)
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      emergency: r.emergency === 1,
      scope: r.scope as NotificationScope,
      target_ids: JSON.parse(r.target_ids) as number[],
      send_at: r.send_at,
      sent_at: r.sent_at,
      cancelled_at: r.cancelled_at,
      author: r.author,
      recipients: r.recipients,
      read: c?.read ?? 0,
      answered: c?.answered ?? 0,
      last_read_at: c?.last_read_at ?? null,
    }
  })
}

export function sendsQuery(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('notification_sends')
    .innerJoin('users', 'users.id', 'notification_sends.author_id')
    .selectAll('notification_sends')
    .select('users.name as author')
}

export async function loadSends(db: Kysely<Database>, collegeId: number, ids: string[]) {
  const rows = await sendsQuery(db, collegeId).where('notification_sends.id', 'in', ids).execute()
  return toSendDtos(db, collegeId, rows as SendWithAuthor[])
}

const ANSWER_ORDER: Record<string, number> = { help: 0, none: 1, read: 2, safe: 2 }

/** The live board of a send: counts, then who needs help, who has not answered, and the rest. */
export async function sendBoard(
  db: Kysely<Database>,
  collegeId: number,
  id: string,
): Promise<NotificationBoard> {
  const [send] = await loadSends(db, collegeId, [id])
  if (!send) throw notFound()
  const rows = await tenantScope(db, collegeId)
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id as user_id',
      'users.name',
      'users.first_lastname',
      'users.phone',
      'users.email',
      'roles.key as role',
      'roles.name as role_name',
      'notifications.read_at',
      'notifications.answer',
      'notifications.answered_at',
    ])
    .where('notifications.send_id', '=', id)
    .execute()
  const people: NotificationRecipient[] = rows.map((r) => ({
    user_id: r.user_id,
    name: personName(r),
    role: r.role,
    role_name: r.role_name,
    phone: r.phone,
    email: r.email,
    read_at: r.read_at,
    answer: (r.answer as NotificationAnswer | null) ?? null,
    answered_at: r.answered_at,
  }))
  people.sort(
    (a, b) =>
      ANSWER_ORDER[a.answer ?? 'none']! - ANSWER_ORDER[b.answer ?? 'none']! ||
      (a.answered_at ?? '').localeCompare(b.answered_at ?? '') ||
      a.name.localeCompare(b.name),
  )
  const count = (answer: string) => people.filter((p) => p.answer === answer).length
  return {
    send,
    counts: {
      recipients: people.length,
      read: people.filter((p) => p.read_at).length,
      answered: people.filter((p) => p.answer).length,
      safe: count('safe'),
      help: count('help'),
    },
    people,
  }
}
