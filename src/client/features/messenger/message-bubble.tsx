// One message: theirs on one side, the person's own on the other with its state (waiting to send,
// needs attention, sent, read). In a group, staff see whose reply it is and may answer that family.
import { Trans, useLingui } from '@lingui/react/macro'
import { AlertTriangle, Check, CheckCheck, Clock, EllipsisVertical, Flag, Lock, Reply } from 'lucide-react'
import type { LocalConversation, LocalMessage } from '../../platform/sync/local-db.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { AriaIconButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'
import { TextLink } from '../../ui/link.tsx'
import { Menu, MenuItem, MenuPopover, MenuTrigger } from '../../ui/menu.tsx'
import { MessageFiles } from './message-files.tsx'
import { MessageText } from './message-text.tsx'

export type MessageActions = {
  onAnswerPrivately?: (message: LocalMessage) => void
  onReport?: (message: LocalMessage) => void
  onRetry: (item: OutboxItem) => void
  onDiscard: (item: OutboxItem) => void
}

/** Who has read one of the person's own messages: in a direct conversation, "read" or not. */
function readBy(message: LocalMessage, conversation: LocalConversation, meId: number) {
  const others = conversation.members.filter((m) => m.id !== meId)
  const read = others.filter((m) => m.last_read_at && m.last_read_at >= message.created_at).length
  const total = conversation.kind === 'direct' ? others.length : conversation.member_count - 1
  return { read, total }
}

export function MessageBubble({
  message,
  conversation,
  meId,
  time,
  showAuthor,
  showReadCount,
  refused,
  actions,
}: {
  message: LocalMessage
  conversation: LocalConversation
  meId: number
  time: string
  showAuthor: boolean
  showReadCount: boolean
  refused?: OutboxItem
  actions: MessageActions
}) {
  const { t } = useLingui()
  const own = message.author.id === meId
  const privateTo =
    message.private_to !== null && conversation.kind === 'group'
      ? conversation.members.find((m) => m.id === message.private_to)
      : undefined
  const { read, total } = own ? readBy(message, conversation, meId) : { read: 0, total: 0 }
  const menu =
    !own && message._sync === undefined && (actions.onReport || (actions.onAnswerPrivately && !privateTo))
  return (
    <li className={`flex flex-col gap-1 ${own ? 'items-end' : 'items-start'}`} data-message={message.id}>
      {showAuthor && !own && (
        <span className="px-3 text-xs font-medium text-muted">{message.author.name}</span>
      )}
      <div className={`flex max-w-[85%] items-start gap-1 sm:max-w-[75%] ${own ? 'flex-row-reverse' : ''}`}>
        <div
          className={`flex flex-col gap-1 rounded-2xl px-3.5 py-2 ${
            own
              ? 'rounded-ee-md bg-brand text-on-brand [&_a]:text-on-brand'
              : 'rounded-es-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-50'
          } ${message._sync === 'rejected' ? 'ring-2 ring-red-600' : ''}`}
        >
          {privateTo && (
            <span className="flex items-center gap-1 text-xs opacity-80">
              <Lock aria-hidden="true" className="size-3" />
              {own || privateTo.id !== message.author.id ? (
                <Trans>Only to {privateTo.name}</Trans>
              ) : (
                <Trans>Private reply</Trans>
              )}
            </span>
          )}
          <MessageFiles attachments={message.attachments ?? []} />
          {message.body && <MessageText text={message.body} />}
        </div>
        {menu && (
          <MenuTrigger>
            <AriaIconButton label={t`Message options`} size="sm" className="shrink-0">
              <EllipsisVertical aria-hidden="true" className="size-4" />
            </AriaIconButton>
            <MenuPopover placement="bottom end">
              <Menu
                aria-label={t`Message options`}
                onAction={(key) => {
                  if (key === 'answer') actions.onAnswerPrivately?.(message)
                  if (key === 'report') actions.onReport?.(message)
                }}
              >
                {actions.onAnswerPrivately && message.private_to !== null && (
                  <MenuItem id="answer" icon={<Reply aria-hidden="true" className="size-4" />}>
                    {t`Answer only this family`}
                  </MenuItem>
                )}
                {actions.onReport && (
                  <MenuItem id="report" icon={<Flag aria-hidden="true" className="size-4" />}>
                    {t`Report to the administration`}
                  </MenuItem>
                )}
              </Menu>
            </MenuPopover>
          </MenuTrigger>
        )}
      </div>
      <span className="flex items-center gap-1 px-3 text-xs text-muted">
        <time dateTime={message.created_at}>{time}</time>
        {own && (
          <OwnState
            message={message}
            read={read}
            total={total}
            group={conversation.kind === 'group'}
            showReadCount={showReadCount}
          />
        )}
      </span>
      {message._sync === 'rejected' && refused && (
        <div
          role="alert"
          className="flex max-w-[85%] flex-col items-end gap-2 text-end text-sm text-red-800 dark:text-red-200"
        >
          <p>
            {Object.values(refused.errors ?? {}).flat()[0] ??
              refused.message ??
              t`The school's server refused this message.`}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            {refused.status !== 403 && refused.status !== 404 && (
              <Button size="sm" variant="secondary" onClick={() => actions.onRetry(refused)}>
                <Trans>Try again</Trans>
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => actions.onDiscard(refused)}>
              <Trans>Discard</Trans>
            </Button>
            <TextLink to="/app/outbox" className="self-center">
              <Trans>Open the outbox</Trans>
            </TextLink>
          </div>
        </div>
      )}
    </li>
  )
}

function OwnState({
  message,
  read,
  total,
  group,
  showReadCount,
}: {
  message: LocalMessage
  read: number
  total: number
  group: boolean
  showReadCount: boolean
}) {
  if (message._sync === 'pending')
    return (
      <span className="flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" />
        <Trans>Waiting to send</Trans>
      </span>
    )
  if (message._sync === 'rejected')
    return (
      <span className="flex items-center gap-1 font-medium text-red-700 dark:text-red-300">
        <AlertTriangle aria-hidden="true" className="size-3.5" />
        <Trans>Needs attention</Trans>
      </span>
    )
  if (group) {
    return showReadCount ? (
      <span className="flex items-center gap-1">
        <CheckCheck aria-hidden="true" className="size-3.5" />
        <Trans>
          Read by {read} of {total}
        </Trans>
      </span>
    ) : (
      <span className="flex items-center gap-1">
        <Check aria-hidden="true" className="size-3.5" />
        <Trans context="chat message">Sent</Trans>
      </span>
    )
  }
  return read > 0 ? (
    <span className="flex items-center gap-1 text-brand-ink">
      <CheckCheck aria-hidden="true" className="size-3.5" />
      <Trans context="chat message">Read</Trans>
    </span>
  ) : (
    <span className="flex items-center gap-1">
      <Check aria-hidden="true" className="size-3.5" />
      <Trans context="chat message">Sent</Trans>
    </span>
  )
}
