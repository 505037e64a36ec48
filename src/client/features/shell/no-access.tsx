import { Trans, useLingui } from '@lingui/react/macro'
import { ShieldX } from 'lucide-react'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'

/** A screen the user's role does not allow, opened by its address. */
export function NoAccess() {
  const { t } = useLingui()
  return (
    <EmptyState
      icon={ShieldX}
      level={1}
      title={t`You don't have access to this page`}
      action={
        <ButtonLink to="/app/home" variant="secondary">
          <Trans>Go to the home page</Trans>
        </ButtonLink>
      }
    >
      <Trans>
        Your role in the college does not include this screen. If you need it, ask the administration.
      </Trans>
    </EmptyState>
  )
}
