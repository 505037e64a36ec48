// A message's push, a little after it was written: to those who may see it and have not read it by
// then (an open app has), nor muted the conversation. One push per conversation is shown at a time:
// the conversation's id is the notification's tag, so a newer message replaces an older one.
import type { AppDeps } from '../../platform/context.ts'
import { eachLimited } from '../../platform/each-limited.ts'
import { type Job, registerJob } from '../../platform/jobs.ts'
import { personName } from '../../platform/person-name.ts'
import { pushSenderFor } from '../../platform/push.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { MESSAGE_PUSH_JOB } from './conversations.service.ts'
import { messagesWithAuthors } from './messenger-dto.ts'

const TTL_SECONDS = 24 * 3600
const PREVIEW = 160

async function pushMessage(deps: AppDeps, job: Job): Promise<void> {
  const { message_id: messageId } = job.payload as { message_id: string }
  const collegeId = job.collegeId!
  const { db } = deps
  const scope = tenantScope(db, collegeId)
  const message = await messagesWithAuthors(db, collegeId)
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select(['conversations.title', 'conversations.kind'])
    .where('messages.id', '=', messageId)
    .executeTakeFirst()
  if (!message) return
  let readers = scope
    .selectFrom('conversation_members')
    .innerJoin('users', 'users.id', 'conversation_members.user_id')
    .select('conversation_members.user_id')
    .where('conversation_members.conversation_id', '=', message.conversation_id)
    .where('conversation_members.user_id', '!=', message.author_id)
    .where('conversation_members.muted', '=', 0)
    .where('users.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('conversation_members.last_read_at', 'is', null),
        eb('conversation_members.last_read_at', '<', message.created_at),
      ]),
    )
  if (message.private_to !== null)
    readers = readers.where((eb) =>
      eb.or([
        eb('conversation_members.role', '=', 'staff'),
        eb('conversation_members.user_id', '=', message.private_to),
      ]),
    )
  const waiting = (await readers.execute()).map((r) => r.user_id)
  if (waiting.length === 0) return
  const subscriptions = await scope
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', waiting)
    .execute()
  if (subscriptions.length === 0) return
  const author = personName(message)
  // A message of files alone is shown by their names.
  const files = message.body
    ? []
    : await scope
        .selectFrom('message_attachments')
        .select('name')
        .where('message_id', '=', message.id)
        .execute()
  const text = message.body || `📎 ${files.map((f) => f.name).join(', ')}`
  const payload = JSON.stringify({
    id: message.conversation_id,
    title: message.kind === 'group' && message.title ? `${author} · ${message.title}` : author,
    body: text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text,
    emergency: false,
    url: `/messenger?c=${message.conversation_id}`,
  })
  const push = deps.push ?? pushSenderFor(deps.config)
  const gone: number[] = []
  await eachLimited(subscriptions, 32, async (sub) => {
    const result = await push.send(sub, {
      payload,
      urgency: 'normal',
      topic: message.id.replace(/-/g, ''),
      ttlSeconds: TTL_SECONDS,
    })
    if (result === 'gone') gone.push(sub.id)
  })
  if (gone.length) await scope.deleteFrom('push_subscriptions').where('id', 'in', gone).execute()
}

registerJob(MESSAGE_PUSH_JOB, pushMessage)
