import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { CountDot } from '../../ui/badge.tsx'
import type { Area, BadgeKey } from './areas.ts'

/** One area in the side menu (`layout="row"`) or the phone's bottom bar (`layout="stack"`). */
export function NavLink({ area, count, layout }: { area: Area; count: number; layout: 'row' | 'stack' }) {
  const { i18n, t } = useLingui()
  const label = i18n._(area.label)
  const Icon = area.icon
  const row =
    'flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 [&.active]:bg-brand-soft [&.active]:text-brand-ink'
  const stack =
    'flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-1 text-[11px] font-medium text-slate-600 dark:text-slate-400 [&.active]:text-brand-ink'
  return (
    <Link
      to={area.to}
      activeOptions={{ exact: area.exact ?? false }}
      className={layout === 'row' ? row : stack}
    >
      <span className="relative">
        <Icon aria-hidden="true" className={layout === 'row' ? 'size-5' : 'size-6'} />
        {layout === 'stack' && <CountDot count={count} />}
      </span>
      <span className={layout === 'row' ? 'flex-1 truncate' : 'max-w-full truncate'}>
        {label}
        {count > 0 && <span className="sr-only">{t`, ${count} new`}</span>}
      </span>
      {layout === 'row' && count > 0 && (
        <span
          aria-hidden="true"
          className="rounded-full bg-red-600 px-2 text-xs leading-5 font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}

/** A part of a menu: its areas, under a heading when it has one ("Administration"). */
export function AreaList({
  areas,
  badges,
  title,
}: {
  areas: Area[]
  badges: Record<BadgeKey, number>
  title?: string
}) {
  const id = useId()
  if (areas.length === 0) return null
  const links = areas.map((area) => (
    <NavLink key={area.to} area={area} layout="row" count={area.badge ? badges[area.badge] : 0} />
  ))
  if (!title) return <div className="flex flex-col gap-1">{links}</div>
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h2 id={id} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      {links}
    </section>
  )
}
