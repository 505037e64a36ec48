// A family reports a message to the administration: each admin finds it among their notifications
// (in their own language), and a second report of the same message by the same person adds nothing.
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AuthUser, College } from '../../platform/context.ts'
import { ApiError, notFound } from '../../platform/errors.ts'
import { pokeUsers } from '../../platform/live.ts'
import { mailLanguage } from '../../platform/password-links.ts'
import { personName } from '../../platform/person-name.ts'
import { takeVersions } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { messagesWithAuthors } from './messenger-dto.ts'

const EXCERPT = 200

export async function reportMessage(
  db: Kysely<Database>,
  college: College,
  user: AuthUser,
  messageId: string,
  reason: string,
): Promise<{ reported: boolean }> {
  const collegeId = college.id
  const message = await messagesWithAuthors(db, collegeId)
    .innerJoin('conversation_members as me', 'me.conversation_id', 'messages.conversation_id')
    .select(['me.role'])
    .where('messages.id', '=', messageId)
    .where('me.user_id', '=', user.id)
    .where((eb) =>
      eb.or([
        eb('messages.private_to', 'is', null),
        eb('messages.private_to', '=', user.id),
        eb('me.role', '=', 'staff'),
      ]),
    )
    .executeTakeFirst()
  if (!message) throw notFound()
  if (message.author_id === user.id) throw new ApiError(403, messages.forbidden)
  const scope = tenantScope(db, collegeId)
  const reported = async () =>
    Boolean(
      await scope
        .selectFrom('message_reports')
        .select('id')
        .where('message_id', '=', messageId)
        .where('reporter_id', '=', user.id)
        .executeTakeFirst(),
    )
  if (await reported()) return { reported: true }
  const admins = await scope
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.locale'])
    .where('roles.key', '=', 'admin')
    .where('users.deactivated_at', 'is', null)
    .execute()
  const now = nowIso()
  const excerpt = message.body.length > EXCERPT ? `${message.body.slice(0, EXCERPT - 1)}…` : message.body
  const author = personName(message)
  const reporter = personName(user)
  try {
    await db.transaction().execute(async (trx) => {
      await tenantScope(trx, collegeId)
        .insertInto('message_reports', {
          message_id: messageId,
          reporter_id: user.id,
          reason,
          created_at: now,
        })
        .execute()
      if (admins.length === 0) return
      const first = await takeVersions(trx, collegeId, admins.length)
      const rows = admins.map((admin, i) => {
        const lang = mailLanguage(admin, college)
        return {
          id: uuidv7(),
          user_id: admin.id,
          send_id: null,
          title: translate(messages.messageReportTitle, lang),
          content: translate(messages.messageReportBody, lang, {
            reporter,
            author,
            excerpt,
            reason: reason || translate(messages.messageReportNoReason, lang),
          }),
          scope: 'users',
          emergency: 0 as const,
          read_at: null,
          created_at: now,
          version: first + i,
        }
      })
      await tenantScope(trx, collegeId).insertInto('notifications', rows).execute()
    })
  } catch (error) {
    // Reported twice at once: the other copy counted.
    if (await reported()) return { reported: true }
    throw error
  }
  pokeUsers(
    collegeId,
    admins.map((a) => a.id),
  )
  return { reported: true }
}
