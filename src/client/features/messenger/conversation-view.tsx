// One conversation from the mirror: its messages by day, the person's own with their state, and the
// box to write in. Opening it marks it read (offline too); staff may mute or close it.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowLeft, Bell, BellOff, EllipsisVertical, Lock, LockOpen, MessageCircleOff } from 'lucide-react'
import { Fragment, useEffect, useRef, useState } from 'react'
import type { User } from '#shared/api-types.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { onlineAtom } from '../../platform/online.ts'
import type { LocalConversation, LocalMessage } from '../../platform/sync/local-db.ts'
import { discardItem, replayOutbox, resendItem } from '../../platform/sync/outbox.ts'
import { type OutboxItem, recordKey } from '../../platform/sync/outbox-types.ts'
import { useLocalDb, useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaIconButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { Menu, MenuItem, MenuPopover, MenuTrigger } from '../../ui/menu.tsx'
import { Composer } from './composer.tsx'
import {
  isUnread,
  useConversation,
  useConversationMessages,
  useConversationName,
} from './conversation-queries.ts'
import { MessageBubble } from './message-bubble.tsx'
import { markConversationRead, sendMessage, setConversationFlag } from './messenger-actions.ts'
import { ReportDialog } from './report-dialog.tsx'

function dayKey(iso: string): string {
  return new Date(iso).toDateString()
}

function useDayLabel(): (iso: string) => string {
  const { t } = useLingui()
  const format = useDateFormat()
  return (iso) => {
    const day = dayKey(iso)
    if (day === new Date().toDateString()) return t`Today`
    if (day === new Date(Date.now() - 86_400_000).toDateString()) return t`Yesterday`
    return format(iso, 'long')
  }
}

export function ConversationView({ id, me }: { id: string; me: User }) {
  const { t } = useLingui()
  const conversation = useConversation(id)
  const messages = useConversationMessages(id)
  if (conversation === undefined || messages === undefined) return null
  if (conversation === null)
    return (
      <EmptyState
        icon={MessageCircleOff}
        title={t`This conversation is not on this device`}
        action={
          <ButtonLink to="/messenger" variant="secondary">
            <Trans>Back to messages</Trans>
          </ButtonLink>
        }
      >
        <Trans>It may still be on its way. If it does not appear, the link may be for someone else.</Trans>
      </EmptyState>
    )
  return <ConversationScreen conversation={conversation} messages={messages} me={me} />
}

function ConversationScreen({
  conversation: c,
  messages,
  me,
}: {
  conversation: LocalConversation
  messages: LocalMessage[]
  me: User
}) {
  const { t } = useLingui()
  const nameOf = useConversationName()
  const dayLabel = useDayLabel()
  const format = useDateFormat()
  const online = useAtomValue(onlineAtom)
  const db = useLocalDb()
  const { confirm, dialog } = useConfirm()
  const [privateTo, setPrivateTo] = useState<{ id: number; name: string }>()
  const [reporting, setReporting] = useState<LocalMessage>()
  const end = useRef<HTMLLIElement>(null)
  const staff = c.role === 'staff'
  const family = !staff
  const refusedKeys = messages.filter((m) => m._sync === 'rejected').map((m) => recordKey('messages', m.id))
  const refused = useLocalQuery(
    (d) => (refusedKeys.length ? d.outbox.where('record').anyOf(refusedKeys).toArray() : Promise.resolve([])),
    [refusedKeys.join()],
    [],
  )
  const unread = messages.some((m) => isUnread(m, c, me.id))
  // Seen while on screen: the read mark follows (and a new message read here needs no push).
  useEffect(() => {
    if (!unread) return
    const mark = () => document.visibilityState === 'visible' && void markConversationRead(c.id)
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [unread, c.id])
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [messages.length])

  const name = nameOf(c, me.id)
  const staffNames = c.members.filter((m) => m.staff && m.id !== me.id).map((m) => m.name)
  const subtitle =
    c.kind === 'group'
      ? family
        ? staffNames.join(', ')
        : plural(c.member_count - 1, { one: '# person', other: '# people' })
      : c.members.find((m) => m.id !== me.id)?.role_key === 'admin'
        ? t({ message: 'Administration', context: 'school office' })
        : undefined
  const note =
    c.kind === 'group' && family
      ? t`Your reply goes only to the school staff, not to the other families.`
      : undefined
  const onRetry = async (item: OutboxItem) => {
    if (!db || item.seq === undefined) return
    await resendItem(db, item.seq)
    void replayOutbox(db)
  }
  const onDiscard = async (item: OutboxItem) => {
    if (!db || item.seq === undefined) return
    const sure = await confirm({
      title: t`Discard this message?`,
      body: t`It was not delivered. Copy its text first if you want to keep it.`,
      confirmLabel: t`Discard`,
      destructive: true,
    })
    if (sure) await discardItem(db, item.seq)
  }
  const setFlag = async (flag: 'closed' | 'muted', on: boolean) => {
    await setConversationFlag(c.id, flag, on)
    toast(
      flag === 'closed'
        ? on
          ? t`Conversation closed. Nobody can write in it until you open it again.`
          : t`Conversation open again.`
        : on
          ? t`Muted: no more notifications from this conversation.`
          : t`Notifications on again for this conversation.`,
      'success',
    )
  }

  let previousDay = ''
  return (
    <section aria-labelledby="conversation-name" className="card flex min-h-[60dvh] flex-col overflow-clip">
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <TextLink
          to="/messenger"
          aria-label={t`All conversations`}
          className="inline-flex min-h-11 min-w-11 items-center justify-center md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
        </TextLink>
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 id="conversation-name" dir="auto" className="truncate text-lg font-semibold">
            {name}
          </h2>
          {subtitle && <p className="truncate text-sm text-muted">{subtitle}</p>}
        </div>
        {c.muted && <BellOff aria-label={t`Muted`} className="size-5 text-muted" />}
        {staff && (
          <MenuTrigger>
            <AriaIconButton label={t`Conversation options`}>
              <EllipsisVertical aria-hidden="true" className="size-5" />
            </AriaIconButton>
            <MenuPopover placement="bottom end">
              <Menu
                aria-label={t`Conversation options`}
                onAction={(key) => {
                  if (key === 'mute') void setFlag('muted', !c.muted)
                  if (key === 'close') void setFlag('closed', !c.closed_at)
                }}
              >
                <MenuItem
                  id="mute"
                  icon={
                    c.muted ? (
                      <Bell aria-hidden="true" className="size-4" />
                    ) : (
                      <BellOff aria-hidden="true" className="size-4" />
                    )
                  }
                >
                  {c.muted ? t`Turn notifications back on` : t`Mute`}
                </MenuItem>
                <MenuItem
                  id="close"
                  icon={
                    c.closed_at ? (
                      <LockOpen aria-hidden="true" className="size-4" />
                    ) : (
                      <Lock aria-hidden="true" className="size-4" />
                    )
                  }
                >
                  {c.closed_at ? t`Open again` : t`Close conversation`}
                </MenuItem>
              </Menu>
            </MenuPopover>
          </MenuTrigger>
        )}
      </header>
      <ol aria-label={t`Messages`} aria-live="polite" className="flex flex-1 flex-col gap-3 px-3 py-4">
        {messages.map((message, i) => {
          const day = dayKey(message.created_at)
          const separator = day !== previousDay
          previousDay = day
          const lastOwn =
            message.author.id === me.id && !messages.slice(i + 1).some((m) => m.author.id === me.id)
          return (
            <Fragment key={message.id}>
              {separator && (
                <li
                  aria-hidden="false"
                  className="my-1 self-center rounded-full bg-slate-100 px-3 py-0.5 text-xs font-medium text-muted dark:bg-slate-800"
                >
                  {dayLabel(message.created_at)}
                </li>
              )}
              <MessageBubble
                message={message}
                conversation={c}
                meId={me.id}
                time={format(message.created_at, 'time')}
                showAuthor={c.kind === 'group'}
                showReadCount={staff && lastOwn}
                refused={refused?.find((item) => item.record === recordKey('messages', message.id))}
                actions={{
                  onAnswerPrivately:
                    staff && c.kind === 'group'
                      ? (m) => setPrivateTo({ id: m.private_to!, name: m.author.name })
                      : undefined,
                  onReport: family ? setReporting : undefined,
                  onRetry,
                  onDiscard,
                }}
              />
            </Fragment>
          )
        })}
        <li ref={end} aria-hidden="true" className="scroll-mb-44 md:scroll-mb-28" />
      </ol>
      {c.closed_at ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 px-4 py-3 text-sm text-muted dark:border-slate-800">
          <Lock aria-hidden="true" className="size-4" />
          <span className="flex-1">
            {staff ? (
              <Trans>You closed this conversation. Nobody can write in it.</Trans>
            ) : (
              <Trans>The school closed this conversation. To write again, start a new one.</Trans>
            )}
          </span>
          {staff && (
            <Button size="sm" variant="secondary" onClick={() => void setFlag('closed', false)}>
              <Trans>Open again</Trans>
            </Button>
          )}
        </div>
      ) : (
        <Composer
          note={
            note ?? (online ? undefined : t`You are offline: your message will be sent when you reconnect.`)
          }
          privateTo={privateTo?.name}
          onClearPrivate={() => setPrivateTo(undefined)}
          onSend={async (text, files) => {
            await sendMessage(c.id, text, me, privateTo?.id ?? null, files)
          }}
        />
      )}
      {reporting && <ReportDialog message={reporting} onClose={() => setReporting(undefined)} />}
      {dialog}
    </section>
  )
}
