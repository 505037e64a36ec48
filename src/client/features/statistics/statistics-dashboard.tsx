// /statistics/: how the app is used over a period, for those with `stats.view`. The figures are
// worked out on the server from everyone's activity, so the dashboard is read online and never
// mirrored; offline it says so instead of showing stale numbers.
import { useLingui } from '@lingui/react/macro'
import { CloudOff, RotateCw, TriangleAlert } from 'lucide-react'
import type { Statistics } from '#shared/statistics.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { queryString, useRemote } from '../../platform/remote.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { AdoptionSection } from './adoption-section.tsx'
import { ConversationSection } from './conversation-section.tsx'
import { DashboardSkeleton } from './dashboard-skeleton.tsx'
import { DocumentsSection } from './documents-section.tsx'
import { MoneySection } from './money-section.tsx'
import { periodOf, rangeOf, rangeProblem, type StatisticsQuery, type StatisticsSearch } from './period.ts'
import { PeriodPicker } from './period-picker.tsx'
import { ReachSection } from './reach-section.tsx'
import { type StatisticsFormat, useStatisticsFormat } from './statistics-format.ts'

export type { StatisticsSearch }

export function StatisticsDashboard({
  search,
  onSearch,
}: {
  search: StatisticsSearch
  onSearch: (next: StatisticsSearch) => void
}) {
  const { t } = useLingui()
  const format = useStatisticsFormat()
  const range = rangeOf(search, todayIn(useCollegeZone()))
  const problem = periodOf(search) === 'custom' ? rangeProblem(range) : undefined
  return (
    <>
      <PageHeader
        title={t`Statistics`}
        description={t`How families and staff use the app, and what came in, over a period.`}
      />
      <PeriodPicker search={search} onSearch={onSearch} range={range} problem={problem} format={format} />
      {problem ? (
        <p className="text-muted">{t`Correct the period above to see its figures.`}</p>
      ) : (
        // A new period starts from its own loading state, never from the figures of the last one.
        <StatisticsFigures
          key={`${range.from}/${range.to}/${search.college ?? ''}`}
          range={search.college ? { ...range, college: search.college } : range}
          format={format}
        />
      )}
    </>
  )
}

function StatisticsFigures({ range, format }: { range: StatisticsQuery; format: StatisticsFormat }) {
  const { t } = useLingui()
  const remote = useRemote<Statistics>(`api/v1/statistics${queryString(range)}`)
  // An answer that is not the figures (a session that ended meanwhile) is shown as a failure.
  const stats = remote.data?.adoption ? remote.data : undefined
  if (!stats) {
    if (remote.status === 'loading') return <DashboardSkeleton />
    const offline = remote.status === 'offline'
    return (
      <EmptyState
        icon={offline ? CloudOff : TriangleAlert}
        title={offline ? t`Statistics need a connection` : t`The statistics could not be loaded`}
        action={
          <AriaButton variant="secondary" onPress={remote.reload}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t`Try again`}
          </AriaButton>
        }
      >
        {offline
          ? t`They are worked out on the server from the whole school's activity, so this device keeps no copy. Come back here when you are online.`
          : (remote.error ?? t`The server did not answer as expected. Please try again in a moment.`)}
      </EmptyState>
    )
  }
  const props = { range, format }
  return (
    <div className="flex flex-col gap-6">
      {/* The platform owner may look at any college: which one is never left to guess. */}
      {range.college ? (
        <p className="text-lg font-semibold" dir="auto" data-testid="statistics-college">
          {stats.college.name}
        </p>
      ) : null}
      <AdoptionSection adoption={stats.adoption} {...props} />
      <ReachSection reach={stats.reach} {...props} />
      <ConversationSection conversation={stats.conversation} {...props} />
      <MoneySection money={stats.money} {...props} />
      <DocumentsSection documents={stats.documents} {...props} />
    </div>
  )
}
