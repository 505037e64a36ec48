import { useLingui } from '@lingui/react/macro'
import { CloudOff, type LucideIcon, RotateCw, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import type { RemoteStatus } from '../platform/remote.ts'
import { AriaButton } from './aria-button.tsx'
import { EmptyState } from './empty-state.tsx'
import { Skeleton } from './skeleton.tsx'

/** Rows of grey bars the shape of a table, announced once as loading. */
export function TableSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className="card flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 p-4">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </div>
  )
}

/**
 * What an online-only screen shows instead of its content: loading, "you are offline" (it needs a
 * connection), or the server's refusal, each with a way forward. Renders `children` when ready.
 */
export function RemoteContent({
  status,
  error,
  onRetry,
  loading,
  children,
}: {
  status: RemoteStatus
  error?: string
  onRetry: () => void
  /** The placeholder while loading (a table or form skeleton). */
  loading: ReactNode
  children: ReactNode
}) {
  const { t } = useLingui()
  if (status === 'loading') return loading
  if (status === 'offline' || status === 'error') {
    const offline = status === 'offline'
    const icon: LucideIcon = offline ? CloudOff : TriangleAlert
    return (
      <EmptyState
        icon={icon}
        title={
          offline ? t`You are offline: this screen needs a connection` : t`This screen could not be loaded`
        }
        action={
          <AriaButton variant="secondary" onPress={onRetry}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t`Try again`}
          </AriaButton>
        }
      >
        {offline
          ? t`What you see elsewhere in the app stays available. Come back here when you have signal.`
          : (error ?? t`The server did not answer as expected. Please try again in a moment.`)}
      </EmptyState>
    )
  }
  return children
}

/** The end of a list: "Show more" while there are more pages, and a way to retry a page that failed. */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoad,
}: {
  hasMore: boolean
  loading: boolean
  failed: boolean
  onLoad: () => void
}) {
  const { t } = useLingui()
  if (!hasMore) return null
  return (
    <div className="flex flex-col items-center gap-2">
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t`We could not load more. Check your connection and try again.`}
        </p>
      )}
      <AriaButton variant="secondary" onPress={onLoad} isPending={loading}>
        {t`Show more`}
      </AriaButton>
    </div>
  )
}
