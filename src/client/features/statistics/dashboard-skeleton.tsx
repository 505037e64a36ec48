import { useLingui } from '@lingui/react/macro'
import { Skeleton } from '../../ui/skeleton.tsx'

/** The sections' shapes while the figures are on their way, announced once as loading. */
export function DashboardSkeleton() {
  const { t } = useLingui()
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t`Loading the statistics…`}
      className="flex flex-col gap-6"
    >
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="card flex flex-col gap-5 p-4 sm:p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-4 w-2/3" />
            </div>
            <Skeleton className="h-9 w-28" />
          </div>
          <div className="grid grid-cols-1 gap-3 min-[26rem]:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 3 }, (_, j) => (
              <Skeleton key={j} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-48 w-full" />
        </div>
      ))}
    </div>
  )
}
