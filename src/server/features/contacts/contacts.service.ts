// The contact inbox: messages from the public form or noted by staff, and the answers sent by mail.
import { type Kysely, sql } from 'kysely'
import type { ContactDetail, ContactMessage, ContactReply, ContactStatus } from '#shared/contacts.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { containsText, keysetPage, sortSpec } from '../../platform/keyset.ts'
import { personName } from '../../platform/person-name.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

function baseQuery(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('contact_messages')
    .leftJoin('users as handler', 'handler.id', 'contact_messages.handled_by')
    .select([
      'contact_messages.id',
      'contact_messages.name',
      'contact_messages.email',
      'contact_messages.phone',
      'contact_messages.message',
      'contact_messages.status',
      'contact_messages.source',
      'contact_messages.created_at',
      'contact_messages.handled_at',
      'contact_messages.handled_by',
      'handler.name as handler_name',
      'handler.first_lastname as handler_lastname',
      sql<number>`(select count(*) from contact_replies r where r.message_id = contact_messages.id)`.as(
        'replies',
      ),
    ])
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status as ContactStatus,
    source: row.source as 'form' | 'staff',
    created_at: row.created_at,
    handled_at: row.handled_at,
    handled_by: row.handled_by
      ? {
          id: row.handled_by,
          name: personName({ name: row.handler_name, first_lastname: row.handler_lastname }),
        }
      : null,
    replies: Number(row.replies),
  }
}

export async function listContacts(
  db: Kysely<Database>,
  collegeId: number,
  query: { q: string; cursor?: string; limit: number; sort: string; status: ContactStatus | 'all' },
) {
  let select = baseQuery(db, collegeId)
  if (query.q)
    select = select.where(
      containsText(['contact_messages.name', 'contact_messages.email', 'contact_messages.message'], query.q),
    )
  if (query.status !== 'all') select = select.where('contact_messages.status', '=', query.status)
  const page = await keysetPage(select, {
    sort: sortSpec(query.sort, { created_at: 'contact_messages.created_at' }),
    idColumn: 'contact_messages.id',
    cursor: query.cursor,
    limit: query.limit,
    valueOf: (row) => row.created_at,
  })
  const unread = await tenantScope(db, collegeId)
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'new')
    .executeTakeFirst()
  return {
    data: page.rows.map(toMessage),
    next_cursor: page.next_cursor,
    new_count: Number(unread?.count ?? 0),
  }
}

export async function contactDetail(
  db: Kysely<Database>,
  collegeId: number,
  id: number,
): Promise<ContactDetail | undefined> {
  const row = await baseQuery(db, collegeId).where('contact_messages.id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const replies = await tenantScope(db, collegeId)
    .selectFrom('contact_replies')
    .leftJoin('users as author', 'author.id', 'contact_replies.author_id')
    .select([
      'contact_replies.id',
      'contact_replies.body',
      'contact_replies.author_id',
      'contact_replies.delivered',
      'contact_replies.error',
      'contact_replies.created_at',
      'author.name as author_name',
      'author.first_lastname as author_lastname',
    ])
    .where('contact_replies.message_id', '=', id)
    .orderBy('contact_replies.id')
    .execute()
  return {
    ...toMessage(row),
    thread: replies.map(
      (r): ContactReply => ({
        id: r.id,
        body: r.body,
        author: r.author_id
          ? { id: r.author_id, name: personName({ name: r.author_name, first_lastname: r.author_lastname }) }
          : null,
        delivered: r.delivered === 1,
        error: r.error,
        created_at: r.created_at,
      }),
    ),
  }
}

export async function createContact(
  db: Kysely<Database>,
  collegeId: number,
  input: { name: string; email: string; phone: string; message: string },
  by: Actor | undefined,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await tenantScope(trx, collegeId)
      .insertInto('contact_messages', {
        ...input,
        status: 'new',
        source: by ? 'staff' : 'form',
        handled_by: null,
        handled_at: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (by)
      await audit(trx, {
        collegeId,
        actorId: by.id,
        action: 'contact.created',
        subjectType: 'contact',
        subjectId: row.id,
        ip: by.ip,
      })
    return row.id
  })
}

export async function setContactStatus(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  status: ContactStatus,
) {
  await db.transaction().execute(async (trx) => {
    await tenantScope(trx, actor.collegeId)
      .updateTable('contact_messages')
      .set(
        status === 'handled'
          ? { status, handled_by: actor.id, handled_at: nowIso() }
          : { status, handled_by: null, handled_at: null },
      )
      .where('id', '=', id)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: status === 'handled' ? 'contact.handled' : 'contact.reopened',
      subjectType: 'contact',
      subjectId: id,
      ip: actor.ip,
    })
  })
}

/** Keeps an answer whether or not the mail went: nothing a secretary wrote is lost. */
export async function recordReply(
  db: Kysely<Database>,
  actor: Actor,
  messageId: number,
  reply: { body: string; delivered: boolean; error: string | null },
) {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    await scope
      .insertInto('contact_replies', {
        message_id: messageId,
        author_id: actor.id,
        body: reply.body,
        delivered: reply.delivered ? 1 : 0,
        error: reply.error,
        created_at: nowIso(),
      })
      .execute()
    // An answered message is handled, unless the answer did not reach the person.
    if (reply.delivered)
      await scope
        .updateTable('contact_messages')
        .set({ status: 'handled', handled_by: actor.id, handled_at: nowIso() })
        .where('id', '=', messageId)
        .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: reply.delivered ? 'contact.replied' : 'contact.reply_failed',
      subjectType: 'contact',
      subjectId: messageId,
      ip: actor.ip,
    })
  })
}
