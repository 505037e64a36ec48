import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { collegeAtom } from '../../platform/college.ts'
import { type Area, areaGroups, type BadgeKey } from './areas.ts'
import { AreaList } from './nav-link.tsx'

/** The menu of wide screens: the college at the top, then every area the user may open. */
export function SideNav({ areas, badges }: { areas: Area[]; badges: Record<BadgeKey, number> }) {
  const { t } = useLingui()
  const college = useAtomValue(collegeAtom)
  return (
    <aside className="sticky top-0 hidden h-dvh flex-col gap-6 border-e border-slate-200 bg-white px-3 py-4 md:flex dark:border-slate-800 dark:bg-slate-900">
      <Link to="/app" className="flex items-center gap-3 rounded-xl px-2 py-1">
        <img src={college.logo} alt="" className="size-10 rounded-xl object-cover" />
        <span dir="auto" className="line-clamp-2 leading-tight font-semibold">
          {college.name}
        </span>
      </Link>
      <nav aria-label={t`Main menu`} className="flex flex-col gap-4 overflow-y-auto">
        <AreaList areas={areaGroups(areas).main} badges={badges} />
        <AreaList areas={areaGroups(areas).admin} badges={badges} title={t`Administration`} />
      </nav>
    </aside>
  )
}
