import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info'

const tones: Record<BadgeTone, string> = {
  neutral:
    'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700',
  brand: 'bg-brand-soft text-brand-ink ring-brand/20',
  success:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  warning:
    'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  danger: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  info: 'bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
}

/** A short label about a record: its state, its audience, a count. */
export function Badge({
  tone = 'neutral',
  icon,
  children,
  className = '',
}: {
  tone?: BadgeTone
  icon?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {icon}
      <span className="truncate">{children}</span>
    </span>
  )
}

/** A small count on an icon (unread, waiting). Hidden from assistive technology: the label says it. */
export function CountDot({ count, tone = 'danger' }: { count: number; tone?: 'danger' | 'warning' }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      className={`absolute -end-1.5 -top-1.5 inline-flex min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-5 font-bold ring-2 ring-white dark:ring-slate-900 ${
        tone === 'danger' ? 'bg-red-600 text-white' : 'bg-amber-400 text-amber-950'
      }`}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}
