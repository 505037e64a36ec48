import type { ReactNode } from 'react'

/** A screen's title, an optional line under it, and its main actions (wrapping under on phones). */
export function PageHeader({
  title,
  description,
  actions,
  before,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  /** Above the title: a back link or breadcrumbs. */
  before?: ReactNode
}) {
  return (
    <header className="flex flex-col gap-2">
      {before}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {description && <p className="text-muted">{description}</p>}
        </div>
        {/* On a phone a long action wraps rather than running off the screen. */}
        {actions && (
          <div className="flex max-w-full flex-wrap items-center gap-2 *:max-w-full *:whitespace-normal">
            {actions}
          </div>
        )}
      </div>
    </header>
  )
}
