import { Trans } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CircleAlert } from 'lucide-react'
import { endSession } from '../../platform/auth-actions.ts'
import { syncStatusAtom } from '../../platform/sync/sync-status.ts'

/** The server no longer accepts this session: the queue waits, nothing is lost, the user signs in. */
export function SessionExpired() {
  const status = useAtomValue(syncStatusAtom)
  const location = useLocation()
  if (!status.needsSignIn && !status.storageFull && !status.reloadRequired) return null
  return (
    <div
      role="alert"
      className="flex items-center justify-center gap-2 bg-red-50 px-4 py-2 text-center text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {status.needsSignIn && (
          <>
            <Trans>Your session has ended. Your changes are kept on this device.</Trans>{' '}
            {/* The server refused this token: drop it, or the sign-in page would send the user back here. */}
            <Link
              to="/auth/login"
              search={{ redirect: location.href }}
              onClick={endSession}
              className="font-semibold underline"
            >
              <Trans>Sign in again to send them</Trans>
            </Link>
          </>
        )}
        {status.storageFull && (
          <Trans>This device is out of storage space. Free some space; your changes are kept.</Trans>
        )}
        {status.reloadRequired && (
          <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
            <Trans>The app was updated in another tab. Reload this page.</Trans>
          </button>
        )}
      </span>
    </div>
  )
}
