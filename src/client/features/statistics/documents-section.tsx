// Documents: what was published in the period and how many people opened documents, month by month
// (a person opening the same document twice counts once).
import { useLingui } from '@lingui/react/macro'
import type { Statistics } from '#shared/statistics.schema.ts'
import type { ChartData } from './charts/chart-data.ts'
import { ChartPanel } from './charts/chart-panel.tsx'
import { ColumnChart } from './charts/column-chart.tsx'
import { FigureList, NothingToChart } from './figure-list.tsx'
import type { StatisticsQuery } from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'
import { StatisticsSection } from './statistics-section.tsx'

export function DocumentsSection({
  documents: d,
  range,
  format: f,
}: {
  documents: Statistics['documents']
  range: StatisticsQuery
  format: StatisticsFormat
}) {
  const { t } = useLingui()
  const data: ChartData = {
    series: [{ label: t`Opens`, tone: 'brand' }],
    rows: d.by_month.map((r) => ({ id: r.month, label: f.shortMonth(r.month), values: [r.opens] })),
  }
  return (
    <StatisticsSection
      section="documents"
      range={range}
      title={t`Documents`}
      description={t`Documents published in the period and how often they were opened.`}
    >
      <FigureList
        figures={[
          { label: t`Documents published`, value: f.count(d.published) },
          { label: t`Opens`, value: f.count(d.opens), detail: t`The first time each person opened each one` },
          { label: t`People who opened documents`, value: f.count(d.people) },
        ]}
      />
      {d.opens > 0 && d.by_month.length ? (
        <ChartPanel
          title={t`Opens per month`}
          data={data}
          table={{
            columns: [{ label: t`Month` }, { label: t`Opens`, numeric: true }],
            rows: d.by_month.map((r) => ({ id: r.month, cells: [f.month(r.month), f.count(r.opens)] })),
          }}
        >
          <ColumnChart
            data={data}
            formatTick={f.compact}
            summary={t`Document opens per month over ${f.count(d.by_month.length)} months: ${f.count(
              d.opens,
            )} in total.`}
          />
        </ChartPanel>
      ) : (
        <NothingToChart>{t`No documents were opened in this period.`}</NothingToChart>
      )}
    </StatisticsSection>
  )
}
