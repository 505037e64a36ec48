// One event: when, where (a map link), what, who it is for, and "Add to my calendar".
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CalendarPlus, Clock, MapPin, Pencil, Trash2, Users } from 'lucide-react'
import { useState } from 'react'
import type { EventCategory } from '#shared/events.schema.ts'
import { userHasPermission } from '#shared/permissions.ts'
import { api } from '../../platform/api.ts'
import { audienceLabel, targetNames } from '../../platform/audience.ts'
import { userAtom } from '../../platform/session.ts'
import type { LocalEvent } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { deleteEvent } from './event-actions.ts'
import { eventWhen } from './event-time.ts'

function mapLink(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`
}

async function downloadIcs(id: string): Promise<void> {
  const blob = await (await api.get(`/api/v1/events/${id}/ics`)).blob()
  const url = URL.createObjectURL(blob)
  const a = Object.assign(document.createElement('a'), { href: url, download: `event-${id.slice(0, 8)}.ics` })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function EventDetails({
  event,
  category,
  zone,
  onClose,
}: {
  event: LocalEvent
  category: EventCategory | undefined
  zone: string
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const user = useAtomValue(userAtom)
  const names = useLocalQuery(targetNames, [])
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState(false)
  const canManage = userHasPermission(user, 'events.manage')

  const addToCalendar = async () => {
    setBusy(true)
    try {
      await downloadIcs(event.id)
    } catch {
      toast(t`The calendar file needs a connection. Try again when you are online.`, 'error')
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    const ok = await confirm({
      title: t`Delete this event?`,
      body: t`It disappears from everyone's calendar.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    await deleteEvent(event.id)
    toast(t`The event has been deleted.`)
    onClose()
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={event.name}
      closeLabel={t`Close`}
      footer={
        <>
          {canManage && (
            <>
              <AriaButton variant="danger" onPress={() => void remove()}>
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Delete</Trans>
              </AriaButton>
              <ButtonLink to="/events/new-event" search={{ edit: event.id }} variant="secondary">
                <Pencil aria-hidden="true" className="size-4" />
                <Trans>Edit</Trans>
              </ButtonLink>
            </>
          )}
          <AriaButton isPending={busy} onPress={() => void addToCalendar()}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            <Trans>Add to my calendar</Trans>
          </AriaButton>
        </>
      }
    >
      <dl className="flex flex-col gap-3">
        {category && (
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="size-3 rounded-full" style={{ background: category.color }} />
            <dt className="sr-only">
              <Trans>Category</Trans>
            </dt>
            <dd dir="auto" className="text-sm font-medium">
              {category.name}
            </dd>
          </div>
        )}
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-0.5 size-5 text-muted" />
            <span className="sr-only">
              <Trans>When</Trans>
            </span>
          </dt>
          <dd>
            {eventWhen(i18n.locale, zone, event)}
            {event.all_day && (
              <span className="text-muted">
                {' · '}
                <Trans>All day</Trans>
              </span>
            )}
          </dd>
        </div>
        {event.location && (
          <div className="flex items-start gap-2">
            <dt>
              <MapPin aria-hidden="true" className="mt-0.5 size-5 text-muted" />
              <span className="sr-only">
                <Trans>Where</Trans>
              </span>
            </dt>
            <dd dir="auto">
              <a className="link" href={mapLink(event.location)} target="_blank" rel="noopener noreferrer">
                {event.location}
              </a>
            </dd>
          </div>
        )}
        <div className="flex items-start gap-2">
          <dt>
            <Users aria-hidden="true" className="mt-0.5 size-5 text-muted" />
            <span className="sr-only">
              <Trans>Who it is for</Trans>
            </span>
          </dt>
          <dd dir="auto">{audienceLabel(i18n, event, names)}</dd>
        </div>
      </dl>
      {event.description && (
        <p dir="auto" className="mt-4 whitespace-pre-line">
          {event.description}
        </p>
      )}
      {event._sync && (
        <p className="mt-4 text-sm text-amber-800 dark:text-amber-300">
          <Trans>Saved on this device; it will be sent when the connection allows.</Trans>
        </p>
      )}
      {dialog}
    </Dialog>
  )
}
