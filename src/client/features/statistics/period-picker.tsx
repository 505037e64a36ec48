// The period the dashboard counts: a preset, or a custom span typed or picked in two date fields.
// Every choice goes to the address, so a period can be bookmarked and shared.
import { useLingui } from '@lingui/react/macro'
import { STATISTICS_MAX_DAYS } from '#shared/statistics.schema.ts'
import { DateField } from '../../ui/date-field.tsx'
import { Select } from '../../ui/select.tsx'
import {
  type DayRange,
  periodOf,
  type RangeProblem,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
  type StatisticsSearch,
} from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'

export function PeriodPicker({
  search,
  onSearch,
  range,
  problem,
  format: f,
}: {
  search: StatisticsSearch
  onSearch: (next: StatisticsSearch) => void
  range: DayRange
  problem: RangeProblem | undefined
  format: StatisticsFormat
}) {
  const { t } = useLingui()
  const period = periodOf(search)
  const names: Record<StatisticsPeriod, string> = {
    'last-30': t`Last 30 days`,
    'last-90': t`Last 90 days`,
    'this-year': t`This year`,
    custom: t`Custom period`,
  }
  const choose = (next: StatisticsPeriod) =>
    onSearch(
      next === 'custom'
        ? // A custom period starts from the days on screen, to be changed from there.
          { period: 'custom', from: range.from, to: range.to, college: search.college }
        : { period: next === 'last-30' ? undefined : next, college: search.college },
    )
  const setDay = (end: 'from' | 'to', value: string) =>
    onSearch({ ...search, period: 'custom', [end]: value || undefined })
  return (
    <div className="card flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-start">
      <Select
        label={t`Period`}
        options={STATISTICS_PERIODS.map((id) => ({ id, name: names[id] }))}
        value={period}
        onChange={(key) => key !== null && choose(key as StatisticsPeriod)}
        hint={problem ? undefined : f.range(range.from, range.to)}
        className="sm:max-w-64"
      />
      {period === 'custom' && (
        <div className="flex flex-1 flex-col gap-4 min-[26rem]:flex-row">
          <DateField
            label={t`Start date`}
            value={search.from ?? range.from}
            onChange={(value) => setDay('from', value)}
            error={
              problem === 'too-long' ? t`Choose a period of ${STATISTICS_MAX_DAYS} days or less.` : undefined
            }
            className="min-w-0 flex-1"
          />
          <DateField
            label={t`End date`}
            value={search.to ?? range.to}
            onChange={(value) => setDay('to', value)}
            error={problem === 'order' ? t`The end date must be on or after the start date.` : undefined}
            className="min-w-0 flex-1"
          />
        </div>
      )}
    </div>
  )
}
