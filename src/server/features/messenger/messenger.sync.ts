// The messenger's mirrored collections: the viewer's conversations (with their own read mark and
// mute, and the marks they may see of others) and the messages they may see.
import type { SyncChange } from '#shared/sync.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import { type PullContext, pageOrder, type SyncSource } from '../../platform/sync-registry.ts'
import { pageStatement } from '../../platform/sync-statements.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { attachmentsOf } from './message-attachments.ts'
import { conversationDtos, messagesWithAuthors, toMessageDto } from './messenger-dto.ts'

/**
 * The viewer's conversations changed since a change number: the conversation itself, the viewer's own
 * mark, or a mark the viewer sees (the other person's in a direct conversation; everyone's in a group
 * the viewer runs).
 */
const changedConversations = compiledOnce(
  (db, collegeId: number, userId: number, since: number) =>
    tenantScope(db, collegeId)
      .selectFrom('conversations')
      .innerJoin('conversation_members as me', 'me.conversation_id', 'conversations.id')
      .select('me.conversation_id')
      .where('me.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('conversations.version', '>', since),
          eb('me.version', '>', since),
          eb.exists(
            eb
              .selectFrom('conversation_members as other')
              .select('other.id')
              .whereRef('other.conversation_id', '=', 'me.conversation_id')
              .where('other.version', '>', since)
              .where((o) =>
                o.or([
                  o('conversations.kind', '=', 'direct'),
                  o('me.role', '=', 'staff'),
                  o('other.role', '=', 'staff'),
                ]),
              ),
          ),
        ]),
      ),
  [-7_701, -7_702, -7_703],
)

async function conversationChanges(ctx: PullContext): Promise<SyncChange[]> {
  const ids = await changedConversations(ctx.db, ctx.college.id, ctx.user.id, ctx.since)
  const dtos = await conversationDtos(
    ctx.db,
    ctx.college.id,
    ctx.user.id,
    ids.map((r) => r.conversation_id),
  )
  return dtos
    .map(
      ({ version, ...data }) =>
        ({ collection: 'conversations', op: 'put', id: data.id, version, data }) as SyncChange,
    )
    .filter((change) => change.version > ctx.since && change.version <= ctx.until)
    .sort(pageOrder(ctx))
    .slice(0, ctx.limit)
}

/** The messages of the page's range the viewer may see: not those written privately to someone else. */
const visibleMessages = pageStatement(
  (db, range, userId: number) =>
    messagesWithAuthors(db, range.collegeId)
      .innerJoin('conversation_members as me', 'me.conversation_id', 'messages.conversation_id')
      .where('me.user_id', '=', userId)
      .where('messages.version', '>', range.since)
      .where('messages.version', '<=', range.until)
      .where((eb) =>
        eb.or([
          eb('messages.private_to', 'is', null),
          eb('messages.private_to', '=', userId),
          eb('me.role', '=', 'staff'),
        ]),
      )
      .orderBy('messages.version', range.desc ? 'desc' : 'asc')
      .limit(range.limit),
  () => '',
  (): [number] => [-7_704],
)

async function messageChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await visibleMessages(ctx, ctx.user.id)
  const files = await attachmentsOf(
    ctx.db,
    ctx.college.id,
    rows.map((r) => r.id),
  )
  return rows.map(
    (r) =>
      ({
        collection: 'messages',
        op: 'put',
        id: r.id,
        version: Number(r.version),
        data: toMessageDto(r, files.get(r.id)),
      }) as SyncChange,
  )
}

export const messengerSyncSources: SyncSource[] = [
  { collection: 'conversations', changes: conversationChanges },
  { collection: 'messages', tables: ['messages'], changes: messageChanges },
]
