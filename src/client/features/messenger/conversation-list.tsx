// The person's conversations, newest first: who, the last message, when, and how many are unread.
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AlertTriangle, BellOff, Lock, Users } from 'lucide-react'
import { useDateFormat } from '../../platform/dates.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { type ConversationSummary, useConversationName } from './conversation-queries.ts'

/** "14:05" today, the date before. */
export function useShortTime(): (iso: string) => string {
  const format = useDateFormat()
  return (iso) =>
    new Date(iso).toDateString() === new Date().toDateString() ? format(iso, 'time') : format(iso, 'date')
}

export function ConversationList({
  items,
  meId,
  activeId,
}: {
  items: ConversationSummary[]
  meId: number
  activeId?: string
}) {
  const { t } = useLingui()
  const nameOf = useConversationName()
  const when = useShortTime()
  return (
    <ul
      aria-label={t`Conversations`}
      className="card divide-y divide-slate-100 overflow-hidden dark:divide-slate-800"
    >
      {items.map(({ conversation: c, last, unread, attention }) => {
        const name = nameOf(c, meId)
        const said = last ? last.body || `📎 ${(last.attachments ?? []).map((a) => a.name).join(', ')}` : ''
        const preview = last
          ? last.author.id === meId
            ? t`You: ${said}`
            : c.kind === 'group'
              ? `${last.author.name}: ${said}`
              : said
          : ''
        return (
          <li key={c.id}>
            <Link
              to="/messenger"
              search={{ c: c.id }}
              aria-current={c.id === activeId ? 'true' : undefined}
              className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50 aria-[current]:bg-brand-soft dark:hover:bg-slate-800/60"
            >
              {c.kind === 'group' ? (
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-ink">
                  <Users aria-hidden="true" className="size-5" />
                </span>
              ) : (
                <Avatar name={name} />
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline gap-2">
                  <span dir="auto" className={`flex-1 truncate ${unread ? 'font-bold' : 'font-medium'}`}>
                    {name}
                  </span>
                  <span className="shrink-0 text-xs text-muted">
                    {when(last?.created_at ?? c.last_message_at)}
                  </span>
                </span>
                <span className="flex items-center gap-1.5">
                  {attention && (
                    <AlertTriangle
                      aria-label={t`Needs attention`}
                      className="size-4 shrink-0 text-red-700 dark:text-red-300"
                    />
                  )}
                  {c.closed_at && <Lock aria-label={t`Closed`} className="size-4 shrink-0 text-muted" />}
                  {c.muted && <BellOff aria-label={t`Muted`} className="size-4 shrink-0 text-muted" />}
                  <span
                    dir="auto"
                    className={`flex-1 truncate text-sm ${unread ? 'text-slate-900 dark:text-white' : 'text-muted'}`}
                  >
                    {preview}
                  </span>
                  {unread > 0 && (
                    <span className="shrink-0 rounded-full bg-brand px-2 text-xs leading-5 font-bold text-on-brand">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">
                        <Trans>{unread} unread</Trans>
                      </span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
