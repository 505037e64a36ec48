import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { isRealDate } from '#shared/fields.schema.ts'
import { STATISTICS_PERIODS } from '../../features/statistics/period.ts'
import {
  StatisticsDashboard,
  type StatisticsSearch,
} from '../../features/statistics/statistics-dashboard.tsx'
import { searchId, searchValidator } from '../../platform/search-params.ts'

// TanStack reads a value that looks like a number or JSON as one: each day is read back as text.
const day = v.optional(v.pipe(v.unknown(), v.transform(String), v.check(isRealDate)))

const statisticsSearch = v.object({
  period: v.optional(v.picklist(STATISTICS_PERIODS)),
  from: day,
  to: day,
  // The platform owner's choice of college (from /platform/colleges); a college's people never need it.
  college: searchId,
})

export const Route = createFileRoute('/statistics/')({
  validateSearch: searchValidator(statisticsSearch),
  component: StatisticsPage,
})

function StatisticsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <StatisticsDashboard
      search={search}
      onSearch={(next: StatisticsSearch) => void navigate({ search: next, replace: true })}
    />
  )
}
