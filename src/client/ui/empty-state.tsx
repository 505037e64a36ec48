import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** What an empty screen says: an icon, one sentence, and the next thing to do. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className = '',
  level = 2,
}: {
  icon: LucideIcon
  title: string
  children?: ReactNode
  action?: ReactNode
  className?: string
  /** 1 when the empty state is the whole screen (it is then the page's title). */
  level?: 1 | 2 | 3
}) {
  const Heading = `h${level}` as const
  return (
    <div className={`card flex flex-col items-center gap-3 px-6 py-10 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-ink">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children && <div className="max-w-md text-muted">{children}</div>}
      {action}
    </div>
  )
}
