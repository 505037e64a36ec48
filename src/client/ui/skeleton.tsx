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
