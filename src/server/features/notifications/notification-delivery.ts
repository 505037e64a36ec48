// The job behind a send: at its time it writes each person's copy (when it was scheduled), then
// pushes it to every device they turned notifications on for, and mails an emergency to those no
// push reached. A person's copy is marked delivered once reached, so a retry after a crash or a push
// service's outage sends only to those still waiting (the push `topic` lets the service replace a
// message it still holds rather than show it twice).
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Database } from '../../db/schema.ts'
import type { AppDeps, College } from '../../platform/context.ts'
import { eachLimited } from '../../platform/each-limited.ts'
import { type Job, registerJob } from '../../platform/jobs.ts'
import { pokeUsers } from '../../platform/live.ts'
import { logger } from '../../platform/logger.ts'
import { sendMail } from '../../platform/mail.ts'
import { mailLanguage } from '../../platform/password-links.ts'
import { type PushResult, type PushSender, pushSenderFor } from '../../platform/push.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { currentLogoHash } from '../colleges/college-branding.ts'
import { DELIVER_JOB, materializeSend } from './notification-sends.service.ts'

/** Copies handled per round: their subscriptions are read at once and their marks written at once. */
const BATCH = 500
/** Push requests in flight at once, across the connections fetch keeps to the push services. */
const PUSH_CONCURRENCY = 64
const MAIL_CONCURRENCY = 4
/** A push not delivered within a day is no longer news; an emergency's stays for an hour. */
const TTL_SECONDS = 24 * 3600
const EMERGENCY_TTL_SECONDS = 3600

export type DeliveryPayload = { send_id: string; origin: string }

/** The college's icon for the notification, worked out once per batch. */
async function iconOf(deps: AppDeps, college: College): Promise<string | undefined> {
  const hash = await currentLogoHash(college, deps.storage, deps.config.publicDir).catch(() => undefined)
  return hash ? `/icons/${college.id}/${hash}-192.png` : undefined
}

function pushPayload(college: College, icon: string | undefined, copy: { id: string }, send: SendFields) {
  return JSON.stringify({
    id: copy.id,
    title: send.title,
    body: send.content.length > 240 ? `${send.content.slice(0, 239)}…` : send.content,
    emergency: send.emergency === 1,
    college: college.name,
    icon,
    url: `/notifications/?open=${copy.id}`,
  })
}

type SendFields = { id: string; title: string; content: string; emergency: number }
type Copy = { id: string; user_id: number }

async function deliverBatch(
  deps: AppDeps,
  push: PushSender,
  college: College,
  send: SendFields,
  copies: Copy[],
  origin: string,
): Promise<{ delivered: string[]; failed: number }> {
  const { db } = deps
  const scope = tenantScope(db, college.id)
  const userIds = [...new Set(copies.map((c) => c.user_id))]
  const subscriptions = await scope
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', userIds)
    .execute()
  const outcome = new Map<number, PushResult[]>()
  const gone: number[] = []
  const byUser = new Map(copies.map((c) => [c.user_id, c]))
  const payloads = new Map<number, string>()
  const icon = await iconOf(deps, college)
  for (const copy of copies) payloads.set(copy.user_id, pushPayload(college, icon, copy, send))
  const emergency = send.emergency === 1
  await eachLimited(subscriptions, PUSH_CONCURRENCY, async (sub) => {
    const copy = byUser.get(sub.user_id)!
    const result = await push.send(sub, {
      payload: payloads.get(sub.user_id)!,
      urgency: emergency ? 'high' : 'normal',
      topic: copy.id.replace(/-/g, ''),
      ttlSeconds: emergency ? EMERGENCY_TTL_SECONDS : TTL_SECONDS,
    })
    if (result === 'gone') gone.push(sub.id)
    outcome.set(sub.user_id, [...(outcome.get(sub.user_id) ?? []), result])
  })
  if (gone.length) await scope.deleteFrom('push_subscriptions').where('id', 'in', gone).execute()

  const delivered: string[] = []
  const toMail: Copy[] = []
  let failed = 0
  for (const copy of copies) {
    const results = outcome.get(copy.user_id) ?? []
    if (results.includes('sent')) delivered.push(copy.id)
    else if (emergency) toMail.push(copy)
    else if (results.includes('failed')) failed++
    else delivered.push(copy.id) // no device asked for push: the copy waits in their mirror
  }
  if (toMail.length) {
    const people = await scope
      .selectFrom('users')
      .select(['id', 'name', 'email', 'locale'])
      .where(
        'id',
        'in',
        toMail.map((c) => c.user_id),
      )
      .execute()
    const personOf = new Map(people.map((p) => [p.id, p]))
    await eachLimited(toMail, MAIL_CONCURRENCY, async (copy) => {
      const person = personOf.get(copy.user_id)
      if (!person?.email) {
        delivered.push(copy.id)
        return
      }
      const lang = mailLanguage(person, college)
      const values = { college: college.name, title: send.title, content: send.content, name: person.name }
      try {
        await sendMail(
          college,
          {
            to: person.email,
            subject: translate(messages.emergencyMailSubject, lang, values),
            text: translate(messages.emergencyMailBody, lang, {
              ...values,
              link: `${origin}/notifications/?open=${copy.id}`,
            }),
          },
          { appKey: deps.config.appKey, dataDir: deps.config.dataDir },
        )
        delivered.push(copy.id)
      } catch (error) {
        failed++
        logger.error('emergency mail failed', { userId: person.id, error: String(error) })
      }
    })
  }
  return { delivered, failed }
}

async function deliver(deps: AppDeps, job: Job): Promise<void> {
  const { send_id: sendId, origin } = job.payload as DeliveryPayload
  const { db } = deps
  const collegeId = job.collegeId!
  const reached = await db.transaction().execute(async (trx: Kysely<Database>) => {
    const send = await tenantScope(trx, collegeId)
      .selectFrom('notification_sends')
      .selectAll()
      .where('id', '=', sendId)
      .executeTakeFirst()
    return send ? materializeSend(trx, send, new Date().toISOString()) : []
  })
  if (reached.length) pokeUsers(collegeId, reached)
  const send = await tenantScope(db, collegeId)
    .selectFrom('notification_sends')
    .select(['id', 'title', 'content', 'emergency', 'cancelled_at'])
    .where('id', '=', sendId)
    .executeTakeFirst()
  if (!send || send.cancelled_at) return
  const college = await db.selectFrom('colleges').selectAll().where('id', '=', collegeId).executeTakeFirst()
  if (!college) return
  const push = deps.push ?? pushSenderFor(deps.config)
  let after = ''
  let failed = 0
  for (;;) {
    const copies = await tenantScope(db, collegeId)
      .selectFrom('notifications')
      .select(['id', 'user_id'])
      .where('send_id', '=', sendId)
      .where('delivered_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    if (copies.length === 0) break
    after = copies.at(-1)!.id
    const result = await deliverBatch(deps, push, college, send, copies, origin)
    await job.renewLease()
    failed += result.failed
    if (result.delivered.length)
      await tenantScope(db, collegeId)
        .updateTable('notifications')
        .set({ delivered_at: new Date().toISOString() })
        .where('id', 'in', result.delivered)
        .execute()
  }
  // The job is tried again later for those still waiting; the rest are not sent twice.
  if (failed) throw new Error(`${failed} of the recipients could not be reached yet`)
}

registerJob(DELIVER_JOB, deliver)
