import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Menu } from 'lucide-react'
import { type Area, type BadgeKey, bottomBarAreas } from './areas.ts'
import { NavLink } from './nav-link.tsx'

/** The phone's bar at the bottom, in reach of the thumb: the main areas and "Menu" (every other area). */
export function BottomNav({ areas, badges }: { areas: Area[]; badges: Record<BadgeKey, number> }) {
  const { t } = useLingui()
  const { shown, more } = bottomBarAreas(areas)
  if (shown.length < 2 && !more) return null
  return (
    <nav
      data-bottom-nav
      aria-label={t`Main menu`}
      className="fixed inset-x-0 bottom-0 z-30 flex gap-1 border-t border-slate-200 bg-white/95 px-2 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/95"
    >
      {shown.map((area) => (
        <NavLink key={area.to} area={area} layout="stack" count={area.badge ? badges[area.badge] : 0} />
      ))}
      {more && (
        <Link
          to="/app/menu"
          className="flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-1 text-[11px] font-medium text-slate-600 dark:text-slate-400 [&.active]:text-brand-ink"
        >
          <Menu aria-hidden="true" className="size-6" />
          <span>{t`Menu`}</span>
        </Link>
      )}
    </nav>
  )
}
