import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { collegeAtom } from '../../platform/college.ts'
import { userAtom } from '../../platform/session.ts'
import { PageHeader } from '../../ui/page-header.tsx'
import { areaGroups, visibleAreas } from './areas.ts'
import { useNavBadges } from './nav-badges.ts'
import { AreaList } from './nav-link.tsx'

export function MorePage() {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  const { advertising } = useAtomValue(collegeAtom)
  const groups = areaGroups(visibleAreas(user, advertising === true))
  const badges = useNavBadges()
  return (
    <>
      <PageHeader title={t`More`} />
      <nav aria-label={t`All areas`} className="card flex flex-col gap-4 p-2">
        <AreaList areas={groups.main} badges={badges} />
        <AreaList areas={groups.admin} badges={badges} title={t`Administration`} />
      </nav>
    </>
  )
}
