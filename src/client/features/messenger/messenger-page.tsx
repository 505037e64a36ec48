// /messenger: conversations from the mirror (so offline too) with search over names and text, and
// the open one beside them on wide screens, alone on a phone.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { MessageCirclePlus, MessagesSquare, SearchX } from 'lucide-react'
import { useState } from 'react'
import { searchKey } from '#shared/search-key.ts'
import { userAtom } from '../../platform/session.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { ComposeDialog } from './compose-dialog.tsx'
import { ConversationList } from './conversation-list.tsx'
import {
  type ConversationSummary,
  useConversationName,
  useConversationSummaries,
} from './conversation-queries.ts'
import { ConversationView } from './conversation-view.tsx'

/**
 * Conversations whose name or people match every word of the search, or one of whose messages does
 * (read from the mirror, so searching works offline), whatever the case and accents typed.
 */
function useSearch(items: ConversationSummary[] | undefined, query: string, meId: number) {
  const nameOf = useConversationName()
  const words = searchKey(query).split(/\s+/).filter(Boolean)
  const inMessages = useLocalQuery(
    async (db) => {
      if (words.length === 0) return new Set<string>()
      const found = await db.messages
        .filter((m) => {
          const text = searchKey(m.body)
          return words.every((w) => text.includes(w))
        })
        .toArray()
      return new Set(found.map((m) => m.conversation_id))
    },
    [query],
  )
  if (!items || words.length === 0) return items
  return items.filter((s) => {
    if (inMessages?.has(s.conversation.id)) return true
    const names = searchKey(
      [nameOf(s.conversation, meId), ...s.conversation.members.map((m) => m.name)].join(' '),
    )
    return words.every((w) => names.includes(w))
  })
}

export function MessengerPage({ openId }: { openId?: string }) {
  const { t } = useLingui()
  const me = useAtomValue(userAtom)
  const ready = useMirrorReady()
  const [composing, setComposing] = useState(false)
  const [query, setQuery] = useState('')
  const all = useConversationSummaries(me?.id)
  const shown = useSearch(all, query, me?.id ?? 0)
  if (!me) return null
  const newButton = (
    <Button onClick={() => setComposing(true)}>
      <MessageCirclePlus aria-hidden="true" className="size-5" />
      <Trans>New message</Trans>
    </Button>
  )
  const list =
    !all || (all.length === 0 && !ready) ? (
      <SkeletonList count={3} label={t`Loading your messages…`} />
    ) : all.length === 0 ? (
      <EmptyState icon={MessagesSquare} title={t`No messages yet`} action={newButton}>
        {me.role === 'guardian' || me.role === 'student' ? (
          <Trans>
            Write to your children's teachers or to the administration. Their answers appear here.
          </Trans>
        ) : (
          <Trans>Write to a family, a colleague, or the families of a whole course.</Trans>
        )}
      </EmptyState>
    ) : (
      <div className="flex flex-col gap-3">
        <SearchField
          label={t`Search messages`}
          placeholder={t`A name or words from a message`}
          value={query}
          onChange={setQuery}
        />
        {shown && shown.length > 0 ? (
          <ConversationList items={shown} meId={me.id} activeId={openId} />
        ) : (
          <EmptyState icon={SearchX} level={3} title={t`Nothing matches “${query}”`}>
            <Trans>Try a name, or fewer words.</Trans>
          </EmptyState>
        )}
      </div>
    )
  return (
    <>
      <div className={openId ? 'hidden md:block' : undefined}>
        <PageHeader
          title={t`Messages`}
          description={t`Your conversations, kept on this device so they open offline too.`}
          actions={all?.length ? newButton : undefined}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div className={openId ? 'hidden md:block' : undefined}>{list}</div>
        {openId ? (
          <ConversationView key={openId} id={openId} me={me} />
        ) : (
          all &&
          all.length > 0 && (
            <div className="hidden md:block">
              <EmptyState icon={MessagesSquare} level={2} title={t`Choose a conversation`}>
                <Trans>Or start a new one with “New message”.</Trans>
              </EmptyState>
            </div>
          )
        )}
      </div>
      {composing && <ComposeDialog me={me} onClose={() => setComposing(false)} />}
    </>
  )
}
