// Signing out never deletes unsent work silently: what waits is sent first; if it cannot be, the
// user sees how much would be lost and chooses to stay signed in or to discard it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { endSession, logout } from '../../platform/auth-actions.ts'
import { onlineAtom } from '../../platform/online.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { syncStatus } from '../../platform/sync/sync-status.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { describeItem } from './outbox-labels.ts'

const SEND_TIMEOUT_MS = 10_000

type Phase =
  | { step: 'sending' }
  | { step: 'unsent'; items: OutboxItem[]; reason: 'offline' | 'session' | 'refused' | 'server' }

async function waiting(): Promise<OutboxItem[]> {
  return (await localDb()?.outbox.orderBy('seq').toArray()) ?? []
}

async function trySending(): Promise<void> {
  const { sendNow } = await import('../../platform/sync/sync-engine.ts')
  await Promise.race([sendNow(), new Promise((resolve) => setTimeout(resolve, SEND_TIMEOUT_MS))])
}

/** Opened by "Sign out": signs out at once when nothing waits, else sends first and asks if needed. */
export function SignOutDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const online = useAtomValue(onlineAtom)
  const [phase, setPhase] = useState<Phase>()
  const [leaving, setLeaving] = useState(false)

  const leave = async () => {
    setLeaving(true)
    await logout()
    await navigate({ to: '/auth/login' })
  }

  useEffect(() => {
    let cancelled = false
    void (async () => {
      let items = await waiting()
      if (items.length && navigator.onLine && !syncStatus().needsSignIn) {
        setPhase({ step: 'sending' })
        await trySending()
        items = await waiting()
      }
      if (cancelled) return
      if (items.length === 0) return leave()
      const reason = syncStatus().needsSignIn
        ? 'session'
        : !navigator.onLine
          ? 'offline'
          : items.some((i) => i.state !== 'pending')
            ? 'refused'
            : 'server'
      setPhase({ step: 'unsent', items, reason })
    })()
    return () => {
      cancelled = true
    }
  }, [])

  if (!phase) return null
  if (phase.step === 'sending') {
    return (
      <Dialog isOpen onOpenChange={() => undefined} dismissable={false} title={t`Signing out`} size="sm">
        <p role="status" className="flex items-center gap-3">
          <Spinner className="size-5" />
          <Trans>Sending your changes to the server first…</Trans>
        </p>
      </Dialog>
    )
  }
  const { items, reason } = phase
  const count = items.length
  const signInAgain = async () => {
    endSession()
    await navigate({ to: '/auth/login', search: { redirect: window.location.pathname } })
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title={t`Your changes have not been sent`}
      description={
        <p>
          {reason === 'offline' && !online && (
            <Trans>You are offline, so they could not reach the server.</Trans>
          )}
          {reason === 'session' && (
            <Trans>Your session has ended, so they cannot be sent until you sign in again.</Trans>
          )}
          {reason === 'refused' && (
            <Trans>The server refused some of them: fix or discard them in "Waiting to send".</Trans>
          )}
          {(reason === 'server' || (reason === 'offline' && online)) && (
            <Trans>The server could not be reached. Try again in a moment.</Trans>
          )}{' '}
          {count === 1 ? (
            <Trans>If you sign out now, 1 change made on this device will be lost.</Trans>
          ) : (
            <Trans>If you sign out now, {count} changes made on this device will be lost.</Trans>
          )}
        </p>
      }
      footer={
        <>
          <AriaButton variant="danger" onPress={() => void leave()} isPending={leaving}>
            <Trans>Discard them and sign out</Trans>
          </AriaButton>
          {reason === 'session' ? (
            <AriaButton autoFocus onPress={() => void signInAgain()}>
              <Trans>Sign in again to send them</Trans>
            </AriaButton>
          ) : (
            <AriaButton autoFocus onPress={onClose}>
              <Trans>Stay signed in</Trans>
            </AriaButton>
          )}
        </>
      }
    >
      <ul
        data-testid="unsent-changes"
        className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800"
      >
        {items.map((item) => (
          <li key={item.seq} dir="auto">
            {describeItem(i18n, item)}
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
