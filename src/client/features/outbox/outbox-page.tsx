import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CircleAlert, CloudCheck, CloudUpload, Send, ShieldX, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { onlineAtom } from '../../platform/online.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { syncStatusAtom } from '../../platform/sync/sync-status.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { discardWrite } from '../posts/post-actions.ts'
import { PostConflictDialog } from '../posts/post-conflict-dialog.tsx'
import { describeItem } from './outbox-labels.ts'

/** Why the server refused a write, and whether the user can fix it or only discard it. */
function refusal(item: OutboxItem): 'fixable' | 'forbidden' | 'gone' | 'conflict' | 'other' {
  if (item.state === 'conflict') return 'conflict'
  if (item.status === 422) return 'fixable'
  if (item.status === 403) return 'forbidden'
  if (item.status === 404 || item.status === 410) return 'gone'
  return 'other'
}

/** The form a refused write goes back to, to be fixed and sent again. */
function editorOf(item: OutboxItem): '/blog/new-post' | '/events/new-event' | undefined {
  if (item.kind === 'post.create' || item.kind === 'post.update') return '/blog/new-post'
  if (item.kind === 'event.create' || item.kind === 'event.update') return '/events/new-event'
  return undefined
}

function ItemProblem({ item }: { item: OutboxItem }) {
  const kind = refusal(item)
  const fieldMessages = Object.values(item.errors ?? {}).flat()
  return (
    <div className="flex flex-col gap-1 text-sm text-red-800 dark:text-red-200">
      {kind === 'forbidden' && (
        <p className="flex items-center gap-1.5 font-medium">
          <ShieldX aria-hidden="true" className="size-4" />
          <Trans>You do not have permission to do this, so it cannot be sent. You can only discard it.</Trans>
        </p>
      )}
      {kind === 'conflict' && (
        <p className="font-medium">
          <Trans>Someone else changed this while your change was waiting. Compare the two and choose.</Trans>
        </p>
      )}
      {kind === 'gone' && (
        <p className="font-medium">
          <Trans>What this change was about no longer exists on the server. You can only discard it.</Trans>
        </p>
      )}
      {fieldMessages.length > 0 ? (
        <ul className="list-disc ps-5">
          {fieldMessages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        kind === 'other' && item.message && <p>{item.message}</p>
      )}
    </div>
  )
}

/** Everything written on this device that has not reached the server, and what needs the user. */
export function OutboxPage() {
  const { t, i18n } = useLingui()
  const online = useAtomValue(onlineAtom)
  const status = useAtomValue(syncStatusAtom)
  const { confirm, dialog } = useConfirm()
  const [sending, setSending] = useState(false)
  const [comparing, setComparing] = useState<OutboxItem>()
  const items = useLocalQuery((db) => db.outbox.orderBy('seq').toArray(), [])
  const discard = async (item: OutboxItem) => {
    const ok = await confirm({
      title: t`Discard this change?`,
      body: <span dir="auto">{describeItem(i18n, item)}</span>,
      confirmLabel: t`Discard`,
      destructive: true,
    })
    if (ok) await discardWrite(item.seq!)
  }
  const sendNow = async () => {
    setSending(true)
    try {
      const { sendNow: send } = await import('../../platform/sync/sync-engine.ts')
      await send()
    } finally {
      setSending(false)
    }
  }
  const pending = items?.filter((i) => i.state === 'pending').length ?? 0
  return (
    <>
      <PageHeader
        title={t`Waiting to send`}
        description={t`Changes made on this device that have not reached the server yet. Nothing here is lost.`}
        actions={
          pending > 0 && (
            <AriaButton
              onPress={() => void sendNow()}
              isPending={sending}
              isDisabled={!online || status.needsSignIn}
            >
              <Send aria-hidden="true" className="size-4" />
              <Trans>Send now</Trans>
            </AriaButton>
          )
        }
      />
      {pending > 0 && !online && (
        <p className="text-muted">
          <Trans>You are offline: they will be sent as soon as the connection returns.</Trans>
        </p>
      )}
      {items?.length === 0 && (
        <EmptyState icon={CloudCheck} title={t`Everything you wrote has reached the server.`} />
      )}
      <ul className="flex flex-col gap-3">
        {items?.map((item) => {
          const attention = item.state !== 'pending'
          const kind = refusal(item)
          const editor = editorOf(item)
          const canFix = kind === 'fixable' && editor !== undefined
          return (
            <li
              key={item.seq}
              data-testid="outbox-item"
              className={`card flex flex-wrap items-start justify-between gap-3 p-4 ${attention ? 'ring-2 ring-red-300 dark:ring-red-800' : ''}`}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {attention ? (
                  <CircleAlert
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300"
                  />
                ) : (
                  <CloudUpload
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300"
                  />
                )}
                <div className="flex min-w-0 flex-col gap-1">
                  <span dir="auto" className="font-medium">
                    {describeItem(i18n, item)}
                  </span>
                  {attention ? (
                    <ItemProblem item={item} />
                  ) : (
                    <span className="text-sm text-muted">
                      <Trans>Will be sent when the connection allows.</Trans>
                    </span>
                  )}
                </div>
              </div>
              {attention && (
                <div className="flex gap-2">
                  {kind === 'conflict' && item.kind.startsWith('event.') && item.kind !== 'event.delete' && (
                    <ButtonLink to="/events/new-event" search={{ draft: item.seq }} size="sm">
                      <Trans>Compare and choose</Trans>
                    </ButtonLink>
                  )}
                  {kind === 'conflict' && item.kind.startsWith('post.') && (
                    <AriaButton size="sm" onPress={() => setComparing(item)}>
                      <Trans>Compare and choose</Trans>
                    </AriaButton>
                  )}
                  {canFix && (
                    <ButtonLink to={editor} search={{ draft: item.seq }} size="sm">
                      <Trans>Fix</Trans>
                    </ButtonLink>
                  )}
                  <AriaButton variant="secondary" size="sm" onPress={() => void discard(item)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    <Trans>Discard</Trans>
                  </AriaButton>
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {dialog}
      {comparing && <PostConflictDialog item={comparing} onClose={() => setComparing(undefined)} />}
    </>
  )
}
