// What a screen shows when it cannot be drawn, in place of the router's bare English "Something went
// wrong!": its script was never saved on this device and there is no connection (a first visit before
// the app was saved for offline use), its script could not be fetched, or the screen failed. The app
// around it stays, and the person is told what to do, in their language.
import { Trans, useLingui } from '@lingui/react/macro'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CloudOff, RotateCw, TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { onlineAtom } from '../../platform/online.ts'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'

/** The browsers' and Vite's words for a script or style sheet of the app that could not be fetched. */
const NOT_FETCHED =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/

export function ScreenError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui()
  const router = useRouter()
  const online = useAtomValue(onlineAtom)
  const notFetched = error instanceof Error && NOT_FETCHED.test(error.message)
  const wasOffline = useRef(!online)

  useEffect(() => console.error(error), [error])
  // Missed for want of a connection: the screen opens by itself once it is back. (A reload made offline
  // would leave a phone without the saved app on the browser's own error page, so none is made then.)
  useEffect(() => {
    if (!online) wasOffline.current = true
    else if (wasOffline.current && notFetched) window.location.reload()
  }, [online, notFetched])

  const tryAgain = () => {
    if (notFetched) return window.location.reload()
    reset()
    void router.invalidate()
  }
  // The screen's own layout (its menu) may be what failed: the way home is always offered.
  const actions = (retry: boolean) => (
    <div className="flex flex-wrap justify-center gap-2">
      {retry && (
        <Button variant="secondary" onClick={tryAgain}>
          <RotateCw aria-hidden="true" className="size-4" />
          <Trans>Try again</Trans>
        </Button>
      )}
      <ButtonLink to="/" variant="secondary">
        <Trans>Go to the home page</Trans>
      </ButtonLink>
    </div>
  )

  return (
    <div className="mx-auto w-full max-w-xl p-4 sm:p-6" data-testid="screen-error">
      {notFetched && !online ? (
        <EmptyState
          level={1}
          icon={CloudOff}
          title={t`This screen is not saved on this device yet`}
          action={actions(false)}
        >
          <Trans>
            It opens by itself when you are back online. The screens you have already opened work without a
            connection.
          </Trans>
        </EmptyState>
      ) : notFetched ? (
        <EmptyState
          level={1}
          icon={CloudOff}
          title={t`This screen could not be loaded`}
          action={actions(true)}
        >
          <Trans>Check your connection and try again.</Trans>
        </EmptyState>
      ) : (
        <EmptyState
          level={1}
          icon={TriangleAlert}
          title={t`Something went wrong on this screen`}
          action={actions(true)}
        >
          <Trans>
            Try again. If it keeps happening, tell the school what you were doing when it happened.
          </Trans>
        </EmptyState>
      )}
    </div>
  )
}
