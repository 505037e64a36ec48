import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Building2 } from 'lucide-react'
import { userAtom } from '../../platform/session.ts'
import { EmptyState } from '../../ui/empty-state.tsx'

/** The platform owner belongs to no college: no news or notifications to wait for. */
export function PlatformHome() {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" dir="auto">
        {user ? t`Hello, ${user.name}` : t`Hello`}
      </h1>
      <EmptyState icon={Building2} title={t`You are signed in as the platform owner`}>
        <Trans>
          The platform owner manages colleges, not a college's news. Each college's news, notifications and
          records are seen by its own staff and families, on the college's own address.
        </Trans>
      </EmptyState>
    </>
  )
}
