// The profile's private calendar address: Google, Apple or Outlook calendars subscribe to it and
// show the school's events beside the family's own.
import { Trans, useLingui } from '@lingui/react/macro'
import { CalendarSync, Copy, RefreshCw } from 'lucide-react'
import type { CalendarFeed } from '#shared/events.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { useAction } from '../../ui/use-action.ts'

export function CalendarSubscription() {
  const { t } = useLingui()
  const remote = useRemote<{ feed: CalendarFeed | null }>('/api/v1/calendar-feed')
  const { busy, act } = useAction()
  const { confirm, dialog } = useConfirm()
  const feed = remote.data?.feed

  const create = async () => {
    if (feed) {
      const ok = await confirm({
        title: t`Make a new address?`,
        body: t`Calendars subscribed to the current address stop receiving the school's events.`,
        confirmLabel: t`Make a new address`,
        destructive: true,
      })
      if (!ok) return
    }
    const made = await act(() => api.post('/api/v1/calendar-feed').json(), t`Your calendar address is ready.`)
    if (made) remote.reload()
  }
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast(t`Address copied.`, 'success')
    } catch {
      toast(t`Select the address and copy it by hand.`, 'error')
    }
  }

  return (
    <section aria-labelledby="calendar-sync" className="flex flex-col gap-3">
      <h2 id="calendar-sync" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarSync aria-hidden="true" className="size-5" />
        <Trans>Calendar on your phone</Trans>
      </h2>
      <p className="text-muted">
        <Trans>
          Subscribe to this private address in Google, Apple or Outlook calendar to see the school's events
          there. Keep it to yourself: anyone with it sees your events.
        </Trans>
      </p>
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<div className="h-11" />}
      >
        {feed ? (
          <div className="flex flex-col gap-2">
            <input
              readOnly
              dir="ltr"
              aria-label={t`Your calendar address`}
              value={feed.https_url}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            <div className="flex flex-wrap gap-2">
              <AriaButton size="sm" onPress={() => void copy(feed.https_url)}>
                <Copy aria-hidden="true" className="size-4" />
                <Trans>Copy the address</Trans>
              </AriaButton>
              <a className="link self-center text-sm" href={feed.webcal_url}>
                <Trans>Open in my calendar app</Trans>
              </a>
              <AriaButton size="sm" variant="secondary" isPending={busy} onPress={() => void create()}>
                <RefreshCw aria-hidden="true" className="size-4" />
                <Trans>Make a new address</Trans>
              </AriaButton>
            </div>
          </div>
        ) : (
          <AriaButton className="self-start" isPending={busy} onPress={() => void create()}>
            <Trans>Create my calendar address</Trans>
          </AriaButton>
        )}
      </RemoteContent>
      {dialog}
    </section>
  )
}
