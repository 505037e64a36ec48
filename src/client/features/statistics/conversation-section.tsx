// Conversation: the messages of the period, who wrote them week by week, and how long a family
// waited for the school's answer.
import { useLingui } from '@lingui/react/macro'
import type { Statistics } from '#shared/statistics.schema.ts'
import type { ChartData } from './charts/chart-data.ts'
import { ChartPanel } from './charts/chart-panel.tsx'
import { ColumnChart } from './charts/column-chart.tsx'
import { FigureList, NoFigure, NothingToChart } from './figure-list.tsx'
import type { StatisticsQuery } from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'
import { StatisticsSection } from './statistics-section.tsx'

export function ConversationSection({
  conversation: c,
  range,
  format: f,
}: {
  conversation: Statistics['conversation']
  range: StatisticsQuery
  format: StatisticsFormat
}) {
  const { t } = useLingui()
  const data: ChartData = {
    series: [
      { label: t`From staff`, tone: 'brand' },
      { label: t`From families`, tone: 'muted' },
    ],
    rows: c.by_week.map((w) => ({
      id: w.week,
      label: f.week(w.week),
      values: [w.from_staff, w.from_families],
    })),
  }
  return (
    <StatisticsSection
      section="conversation"
      range={range}
      title={t`Conversation`}
      description={t`Messages between the school and families.`}
    >
      <FigureList
        figures={[
          { label: t`Messages`, value: f.count(c.messages) },
          { label: t`From staff`, value: f.count(c.from_staff) },
          { label: t`From families`, value: f.count(c.from_families) },
          {
            label: t`Median time for staff to answer`,
            value:
              c.median_minutes_staff_answer === null ? (
                <NoFigure />
              ) : (
                f.minutes(c.median_minutes_staff_answer)
              ),
          },
        ]}
      />
      {c.messages > 0 && c.by_week.length ? (
        <ChartPanel
          title={t`Messages per week`}
          data={data}
          table={{
            columns: [
              { label: t`Week starting` },
              { label: t`From staff`, numeric: true },
              { label: t`From families`, numeric: true },
            ],
            rows: c.by_week.map((w) => ({
              id: w.week,
              cells: [f.weekStart(w.week), f.count(w.from_staff), f.count(w.from_families)],
            })),
          }}
        >
          <ColumnChart
            data={data}
            formatTick={f.compact}
            summary={t`Messages per week over ${f.count(c.by_week.length)} weeks: ${f.count(
              c.from_staff,
            )} from staff and ${f.count(c.from_families)} from families.`}
          />
        </ChartPanel>
      ) : (
        <NothingToChart>{t`No messages were sent in this period.`}</NothingToChart>
      )}
    </StatisticsSection>
  )
}
