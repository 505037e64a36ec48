// The messenger's mirrored collections: the viewer's conversations (with their own read mark and
// mute, and the marks they may see of others) and the messages they may see.
import type { SyncChange } from '#shared/sync.ts'
import { type PullContext, pageOrder, type SyncSource } from '../../platform/sync-registry.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { attachmentsOf } from './message-attachments.ts'
import { conversationDtos, messagesWithAuthors, toMessageDto } from './messenger-dto.ts'

async function conversationChanges(ctx: PullContext): Promise<SyncChange[]> {
  const scope = tenantScope(ctx.db, ctx.college.id)
  // Changed: the conversation itself, the viewer's own mark, or a mark the viewer sees (the other
  // person's in a direct conversation; everyone's in a group the viewer runs).
  const ids = await scope
    .selectFrom('conversations')
    .innerJoin('conversation_members as me', 'me.conversation_id', 'conversations.id')
    .select('me.conversation_id')
    .where('me.user_id', '=', ctx.user.id)
    .where((eb) =>
      eb.or([
        eb('conversations.version', '>', ctx.since),
        eb('me.version', '>', ctx.since),
        eb.exists(
          eb
            .selectFrom('conversation_members as other')
            .select('other.id')
            .whereRef('other.conversation_id', '=', 'me.conversation_id')
            .where('other.version', '>', ctx.since)
            .where((o) =>
              o.or([
                o('conversations.kind', '=', 'direct'),
                o('me.role', '=', 'staff'),
                o('other.role', '=', 'staff'),
              ]),
            ),
        ),
      ]),
    )
    .execute()
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

async function messageChanges(ctx: PullContext): Promise<SyncChange[]> {
  const rows = await messagesWithAuthors(ctx.db, ctx.college.id)
    .innerJoin('conversation_members as me', 'me.conversation_id', 'messages.conversation_id')
    .where('me.user_id', '=', ctx.user.id)
    .where('messages.version', '>', ctx.since)
    .where('messages.version', '<=', ctx.until)
    .where((eb) =>
      eb.or([
        eb('messages.private_to', 'is', null),
        eb('messages.private_to', '=', ctx.user.id),
        eb('me.role', '=', 'staff'),
      ]),
    )
    .orderBy('messages.version', ctx.order)
    .limit(ctx.limit)
    .execute()
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
