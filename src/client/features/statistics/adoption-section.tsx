// Adoption: who uses the app (by role, in the last 7 and 30 days, counted up to today whatever the
// period), and how many families installed it and allowed its notifications.
import { useLingui } from '@lingui/react/macro'
import type { Statistics } from '#shared/statistics.schema.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import { BarChart } from './charts/bar-chart.tsx'
import type { ChartData } from './charts/chart-data.ts'
import { ChartPanel } from './charts/chart-panel.tsx'
import { FigureList, NoFigure, NothingToChart } from './figure-list.tsx'
import type { StatisticsQuery } from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'
import { StatisticsSection } from './statistics-section.tsx'

export function AdoptionSection({
  adoption,
  range,
  format: f,
}: {
  adoption: Statistics['adoption']
  range: StatisticsQuery
  format: StatisticsFormat
}) {
  const { t, i18n } = useLingui()
  const { families } = adoption
  const share = (part: number, whole: number) => (whole > 0 ? f.percent(part / whole) : <NoFigure />)
  const week = new Map(adoption.last_7_days.map((r) => [r.role, r.active]))
  const roles = adoption.last_30_days.map((r) => ({
    id: r.role,
    name: roleLabel(i18n, { key: r.role, name: r.name }),
    week: week.get(r.role) ?? 0,
    month: r.active,
    total: r.total,
  }))
  const data: ChartData = {
    series: [
      { label: t`Last 7 days`, tone: 'brand' },
      { label: t`Last 30 days`, tone: 'muted' },
    ],
    trackLabel: t`People who can sign in`,
    rows: roles.map((r) => ({ id: r.id, label: r.name, values: [r.week, r.month], track: r.total })),
  }
  const rate = (part: number, whole: number) => (whole > 0 ? f.percent(part / whole) : '—')
  const summary = t`Active people by role in the last 7 and 30 days: ${f.list(
    roles.map((r) => t`${r.name}, ${f.count(r.week)} and ${f.count(r.month)} of ${f.count(r.total)}`),
  )}`
  return (
    <StatisticsSection
      section="adoption"
      range={range}
      title={t`Adoption`}
      description={t`Who uses the app. Active people are counted up to today, whatever the period.`}
    >
      <FigureList
        figures={[
          {
            label: t`Families with the app installed`,
            value: t`${f.count(families.installed)} of ${f.count(families.total)}`,
            detail: share(families.installed, families.total),
          },
          {
            label: t`Families with notifications on`,
            value: t`${f.count(families.notifications_on)} of ${f.count(families.total)}`,
            detail: share(families.notifications_on, families.total),
          },
        ]}
      />
      {roles.length ? (
        <ChartPanel
          title={t`Active people by role`}
          data={data}
          table={{
            columns: [
              { label: t`Role` },
              { label: t`Last 7 days`, numeric: true },
              { label: t`Last 30 days`, numeric: true },
              { label: t`People who can sign in`, numeric: true },
            ],
            rows: roles.map((r) => ({
              id: r.id,
              cells: [r.name, f.count(r.week), f.count(r.month), f.count(r.total)],
            })),
          }}
        >
          <BarChart
            data={data}
            summary={summary}
            scale="row"
            caption={(row) =>
              `${rate(row.values[0] ?? 0, row.track ?? 0)} · ${rate(row.values[1] ?? 0, row.track ?? 0)}`
            }
          />
        </ChartPanel>
      ) : (
        <NothingToChart>{t`Nobody can sign in yet.`}</NothingToChart>
      )}
    </StatisticsSection>
  )
}
