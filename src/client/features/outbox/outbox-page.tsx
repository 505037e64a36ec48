import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { discardWrite } from '../posts/post-actions.ts'

/** Everything written on this device that has not reached the server, and what needs the user. */
export function OutboxPage() {
  const { t } = useLingui()
  const items = useLocalQuery((db) => db.outbox.orderBy('seq').toArray(), [])
  const labels: Record<string, string> = {
    'post.create': t`New post`,
    'post.update': t`Edited post`,
    'post.delete': t`Deleted post`,
    'post.read': t`Read receipt`,
    'notification.read': t`Read receipt`,
    'post-image.upload': t`Picture`,
  }
  const discard = async (seq: number) => {
    if (window.confirm(t`Discard this change? It will not be sent.`)) await discardWrite(seq)
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        <Trans>Waiting to send</Trans>
      </h1>
      {items?.length === 0 && (
        <p>
          <Trans>Everything you wrote has reached the server.</Trans>
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {items?.map((item) => {
          const title = (item.body as { title?: string } | undefined)?.title
          const attention = item.state !== 'pending'
          return (
            <li
              key={item.seq}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 dark:bg-slate-900 ${attention ? 'ring-red-400' : 'ring-slate-200 dark:ring-slate-800'}`}
            >
              <div className="flex flex-col">
                <span className="font-medium">
                  {labels[item.kind]}
                  {title ? `: ${title}` : ''}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {attention
                    ? (item.message ?? t`Needs attention`)
                    : t`Will be sent when the connection allows.`}
                </span>
              </div>
              {attention && (
                <div className="flex gap-2">
                  {(item.kind === 'post.create' || item.kind === 'post.update') && (
                    <Link
                      to="/blog/new-post"
                      search={{ draft: item.seq }}
                      className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 text-white"
                    >
                      <Trans>Fix</Trans>
                    </Link>
                  )}
                  <Button variant="secondary" onClick={() => void discard(item.seq!)}>
                    <Trans>Discard</Trans>
                  </Button>
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
