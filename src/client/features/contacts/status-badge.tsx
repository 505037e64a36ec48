import { useLingui } from '@lingui/react/macro'
import type { ContactStatus } from '#shared/contacts.schema.ts'
import { Badge } from '../../ui/badge.tsx'

export function StatusBadge({ status }: { status: ContactStatus }) {
  const { t } = useLingui()
  return status === 'new' ? (
    <Badge tone="warning">{t`Waiting`}</Badge>
  ) : (
    <Badge tone="success">{t`Handled`}</Badge>
  )
}
