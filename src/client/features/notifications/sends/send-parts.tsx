// What the senders' screens say about a send: its audience, where it stands, the answers people
// gave, their roles, and a small bar for "read by 12 of 40".
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowLeft } from 'lucide-react'
import type { NotificationAnswer } from '#shared/api-types.ts'
import type { NotificationSend } from '#shared/notifications.schema.ts'
import { useDateFormat } from '../../../platform/dates.ts'
import { roleLabel } from '../../../platform/role-labels.ts'
import { TextLink } from '../../../ui/link.tsx'

export const BackToNotifications = () => (
  <TextLink to="/college-notifications" className="inline-flex items-center gap-1 self-start text-sm">
    <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
    <Trans>Sent notifications</Trans>
  </TextLink>
)

/** Where a send stands: cancelled, sent, waiting for its time, or due and on its way. */
export type SendState = 'cancelled' | 'sent' | 'scheduled' | 'sending'

export function sendState(send: NotificationSend, now = Date.now()): SendState {
  if (send.cancelled_at) return 'cancelled'
  if (send.sent_at) return 'sent'
  return Date.parse(send.send_at) > now ? 'scheduled' : 'sending'
}

/** "Whole college", "2 grades", "3 people": who a send is for, in a few words. */
export function useAudienceLabel(): (send: Pick<NotificationSend, 'scope' | 'target_ids'>) => string {
  const { t } = useLingui()
  return ({ scope, target_ids }) => {
    const count = target_ids.length
    if (scope === 'grades') return plural(count, { one: '# grade', other: '# grades' })
    if (scope === 'courses') return plural(count, { one: '# course', other: '# courses' })
    if (scope === 'users') return plural(count, { one: '# person', other: '# people' })
    return t`Whole college`
  }
}

/** "Sent 3 Mar 2026, 10:00", "Scheduled for …", "Cancelled". */
export function useSendTime(): (send: NotificationSend) => string {
  const { t } = useLingui()
  const format = useDateFormat()
  return (send) => {
    const state = sendState(send)
    if (state === 'cancelled') return t`Cancelled`
    if (state === 'sent') {
      const date = format(send.sent_at!, 'dateTime')
      return t`Sent ${date}`
    }
    if (state === 'sending') return t`Sending…`
    const date = format(send.send_at, 'dateTime')
    return t`Scheduled for ${date}`
  }
}

export function useAnswerLabel(): (answer: NotificationAnswer) => string {
  const { t } = useLingui()
  return (answer) => (answer === 'help' ? t`Needs help` : answer === 'safe' ? t`Safe` : t`Seen`)
}

/** A role as people read it: built-in roles in the reader's language, the college's own by their name. */
export function useRoleName(): (key: string, name: string) => string {
  const { i18n } = useLingui()
  return (key, name) => roleLabel(i18n, { key, name })
}

export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0
}

/** A thin bar showing a share; the text beside it says the numbers, so it is hidden from readers. */
export function RatioBar({
  part,
  whole,
  tone = 'brand',
  className = '',
}: {
  part: number
  whole: number
  tone?: 'brand' | 'danger' | 'success'
  className?: string
}) {
  const fill = tone === 'danger' ? 'bg-red-600' : tone === 'success' ? 'bg-emerald-600' : 'bg-brand'
  return (
    <span
      aria-hidden="true"
      className={`block h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 ${className}`}
    >
      <span className={`block h-full rounded-full ${fill}`} style={{ width: `${percentOf(part, whole)}%` }} />
    </span>
  )
}
