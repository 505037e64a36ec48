/** Grey shapes where content is about to appear, so the page does not jump when it arrives. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-[skeleton-pulse_1.6s_ease-in-out_infinite] rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800 ${className}`}
    />
  )
}

/** A card-shaped placeholder list, announced once as loading. */
export function SkeletonList({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card flex flex-col gap-3 p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  )
}

type RowShape = 'list' | 'cards'

/** One placeholder row the shape of a list's row: in a divided card (notifications), or a card (events). */
export function SkeletonRow({ variant = 'list' }: { variant?: RowShape }) {
  return (
    <div
      aria-hidden="true"
      className={
        variant === 'list' ? 'flex min-h-14 items-center gap-3 px-4 py-3' : 'card flex items-center gap-3 p-3'
      }
    >
      <Skeleton
        className={variant === 'list' ? 'size-9 shrink-0 rounded-full' : 'h-16 w-12 shrink-0 rounded-xl'}
      />
      <span className="flex h-11 flex-1 flex-col justify-center gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3.5 w-1/3" />
      </span>
    </div>
  )
}

/**
 * Placeholder rows for a list about to appear, as many as it will show, so the page does not jump
 * when it comes. A list that has part of its rows shows them with the rest as `SkeletonRow`s.
 */
export function SkeletonRows({
  count,
  label,
  variant = 'list',
}: {
  count: number
  label: string
  variant?: RowShape
}) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className={
        variant === 'list'
          ? 'card flex flex-col divide-y divide-slate-100 dark:divide-slate-800'
          : 'flex flex-col gap-2'
      }
    >
      {Array.from({ length: count }, (_, i) => (
        <SkeletonRow key={i} variant={variant} />
      ))}
    </div>
  )
}
