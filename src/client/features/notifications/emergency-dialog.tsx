// An emergency that takes over the screen (emergency-alert.tsx): an alert dialog that Escape and
// clicks outside do not close. The answer goes through the outbox, so it is kept offline and reaches
// the school's board with the moment it was given.
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Siren } from 'lucide-react'
import type { Notification, NotificationAnswer } from '#shared/api-types.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { onlineAtom } from '../../platform/online.ts'
import { userAtom } from '../../platform/session.ts'
import { toast } from '../../platform/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { answerLabel } from './answer-labels.ts'
import { answerNotification } from './notification-actions.ts'

export default function EmergencyDialog({ alert }: { alert: Notification }) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const online = useAtomValue(onlineAtom)
  const family = useAtomValue(userAtom)?.role === 'guardian'
  const answer = (value: NotificationAnswer) => {
    void answerNotification(alert.id, value)
    toast(
      online
        ? t`Your answer has been sent to the school.`
        : t`Your answer will reach the school when you are back online.`,
      'success',
    )
  }
  return (
    <Dialog
      isOpen
      onOpenChange={() => undefined}
      dismissable={false}
      role="alertdialog"
      title={alert.title}
      description={
        <span className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300">
          <Siren aria-hidden="true" className="size-5 shrink-0" />
          {t`Emergency alert`} ·{' '}
          <time dateTime={alert.created_at}>{format(alert.created_at, 'dateTime')}</time>
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => answer('read')}>
            {answerLabel(i18n, 'read')}
          </Button>
          {family && (
            <>
              <Button variant="danger" onClick={() => answer('help')}>
                {answerLabel(i18n, 'help')}
              </Button>
              <Button onClick={() => answer('safe')}>{answerLabel(i18n, 'safe')}</Button>
            </>
          )}
        </>
      }
    >
      <p dir="auto" className="whitespace-pre-line text-lg text-slate-800 dark:text-slate-100">
        {alert.content}
      </p>
      {family && <p className="text-sm text-muted">{t`Tell the school whether your family is safe.`}</p>}
    </Dialog>
  )
}
