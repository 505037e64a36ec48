import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAYMENT_STATUSES } from '#shared/payments.schema.ts'
import { PaymentsAdmin, type PaymentsSearch } from '../../../../features/payments/admin/payments-admin.tsx'
import { searchId, searchText, searchValidator } from '../../../../platform/search-params.ts'

export const Route = createFileRoute('/payments/_signed/payments/')({
  staticData: { permission: 'payments.manage' },
  validateSearch: searchValidator(
    v.object({
      q: searchText,
      status: v.optional(v.picklist(PAYMENT_STATUSES)),
      grade: v.optional(v.string()),
      fee: searchId,
      from: v.optional(v.string()),
      to: v.optional(v.string()),
      tab: v.optional(v.picklist(['records', 'summary'])),
    }),
  ),
  component: PaymentsPage,
})

function PaymentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PaymentsAdmin
      search={search}
      onSearch={(next: PaymentsSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
