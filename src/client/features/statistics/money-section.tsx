// Money: what came in against what fell due in the period, per month of the due date and per grade,
// in the college's currency as the answer names it.
import { useLingui } from '@lingui/react/macro'
import type { Statistics } from '#shared/statistics.schema.ts'
import { BarChart } from './charts/bar-chart.tsx'
import type { ChartData } from './charts/chart-data.ts'
import { ChartPanel } from './charts/chart-panel.tsx'
import { ColumnChart } from './charts/column-chart.tsx'
import { FigureList, NoFigure, NothingToChart } from './figure-list.tsx'
import type { StatisticsQuery } from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'
import { StatisticsSection } from './statistics-section.tsx'

export function MoneySection({
  money: m,
  range,
  format: f,
}: {
  money: Statistics['money']
  range: StatisticsQuery
  format: StatisticsFormat
}) {
  const { t } = useLingui()
  const amount = (n: number) => f.money(n, m.currency)
  const share = (part: number, whole: number) => (whole > 0 ? f.percent(part / whole) : undefined)
  const series = [{ label: t`Collected`, tone: 'brand' as const }]
  const months: ChartData = {
    series,
    trackLabel: t({ message: 'Due', context: 'amount billed' }),
    rows: m.by_month.map((r) => ({
      id: r.month,
      label: f.shortMonth(r.month),
      values: [r.collected],
      track: r.due,
    })),
  }
  const grades = m.by_grade.map((r) => ({ ...r, name: r.grade ?? t`Whole school` }))
  const byGrade: ChartData = {
    series,
    trackLabel: t({ message: 'Due', context: 'amount billed' }),
    rows: grades.map((r) => ({
      id: String(r.grade_id ?? 'all'),
      label: r.name,
      values: [r.collected],
      track: r.due,
    })),
  }
  const moneyColumns = [
    { label: t({ message: 'Due', context: 'amount billed' }), numeric: true },
    { label: t`Collected`, numeric: true },
    { label: t`Share collected`, numeric: true },
  ]
  const moneyCells = (r: { due: number; collected: number }) => [
    amount(r.due),
    amount(r.collected),
    share(r.collected, r.due) ?? <NoFigure key="share" />,
  ]
  return (
    <StatisticsSection
      section="money"
      range={range}
      title={t`Money`}
      description={t`School fees that fall due in the period, and what has come in for them.`}
    >
      <FigureList
        figures={[
          { label: t({ message: 'Due', context: 'amount billed' }), value: amount(m.due) },
          { label: t`Collected`, value: amount(m.collected), detail: share(m.collected, m.due) },
          { label: t`Still to collect`, value: amount(Math.max(0, m.due - m.collected)) },
        ]}
      />
      {m.due > 0 || m.collected > 0 ? (
        <>
          <ChartPanel
            title={t`Collected against due, by month`}
            data={months}
            table={{
              columns: [{ label: t`Month due` }, ...moneyColumns],
              rows: m.by_month.map((r) => ({ id: r.month, cells: [f.month(r.month), ...moneyCells(r)] })),
            }}
          >
            <ColumnChart
              data={months}
              formatTick={(n) => f.compactMoney(n, m.currency)}
              summary={t`Collected against due over ${f.count(m.by_month.length)} months: ${amount(
                m.collected,
              )} of ${amount(m.due)}.`}
            />
          </ChartPanel>
          {grades.length > 0 && (
            <ChartPanel
              title={t`Collected against due, by grade`}
              data={byGrade}
              table={{
                columns: [{ label: t`Grade` }, ...moneyColumns],
                rows: grades.map((r) => ({
                  id: String(r.grade_id ?? 'all'),
                  cells: [
                    <span key="grade" dir="auto">
                      {r.name}
                    </span>,
                    ...moneyCells(r),
                  ],
                })),
              }}
            >
              <BarChart
                data={byGrade}
                summary={t`Collected against due by grade: ${f.list(
                  grades.map((r) => t`${r.name}, ${amount(r.collected)} of ${amount(r.due)}`),
                )}`}
                caption={(row) => share(row.values[0] ?? 0, row.track ?? 0) ?? '—'}
              />
            </ChartPanel>
          )}
        </>
      ) : (
        <NothingToChart>{t`No school fees fall due in this period.`}</NothingToChart>
      )}
    </StatisticsSection>
  )
}
