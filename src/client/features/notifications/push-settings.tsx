// "Turn on notifications" in the profile: says why first (emergencies reach the phone even when the
// app is closed), then asks the browser, which asks only once.
import { Trans, useLingui } from '@lingui/react/macro'
import { BellOff, BellRing } from 'lucide-react'
import { useEffect, useState } from 'react'
import { errorMessageOf, isNetworkError } from '../../platform/api.ts'
import { type PushState, pushState, turnOffPush, turnOnPush } from '../../platform/push-subscription.ts'
import { toast } from '../../platform/toasts.ts'
import { Badge } from '../../ui/badge.tsx'
import { Button } from '../../ui/button.tsx'

export function PushSettings() {
  const { t } = useLingui()
  const [state, setState] = useState<PushState>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void pushState().then(setState)
  }, [])
  const change = async (on: boolean) => {
    setBusy(true)
    try {
      const next = on ? await turnOnPush() : await turnOffPush()
      setState(next)
      if (next === 'on') toast(t`Notifications are on for this device.`, 'success')
      else if (!on) toast(t`Notifications are off for this device.`, 'success')
    } catch (error) {
      toast(
        isNetworkError(error) || !navigator.onLine
          ? t`Turning notifications on needs a connection. Try again when you are online.`
          : (errorMessageOf(error) ?? t`Your browser could not turn notifications on. Please try again.`),
        'error',
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="push-heading" className="flex flex-col gap-3">
      <h2 id="push-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <BellRing aria-hidden="true" className="size-5" />
        <Trans>Notifications on this device</Trans>
        {state === 'on' && <Badge tone="success">{t`On`}</Badge>}
      </h2>
      <p className="text-muted">
        <Trans>
          The school's notices arrive on this phone or computer even when the app is closed. In an emergency
          (an earthquake, an evacuation) that is how the school reaches you first.
        </Trans>
      </p>
      {state === 'unsupported' && (
        <p className="text-sm text-muted">
          <Trans>
            This browser cannot receive notifications. On an iPhone, add the app to the home screen first and
            open it from there.
          </Trans>
        </p>
      )}
      {state === 'denied' && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          <Trans>
            Notifications are blocked for this site. Allow them in your browser's site settings, then come
            back here.
          </Trans>
        </p>
      )}
      {state === 'off' && (
        <Button className="self-start" busy={busy} onClick={() => void change(true)}>
          <BellRing aria-hidden="true" className="size-4" />
          <Trans>Turn on notifications</Trans>
        </Button>
      )}
      {state === 'on' && (
        <Button variant="secondary" className="self-start" busy={busy} onClick={() => void change(false)}>
          <BellOff aria-hidden="true" className="size-4" />
          <Trans>Turn off notifications</Trans>
        </Button>
      )}
    </section>
  )
}
