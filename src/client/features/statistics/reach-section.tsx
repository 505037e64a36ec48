// Reach: how much of what the school sends is read, and how fast; how families answered emergency
// alerts; and the read figures of the period's latest posts.
import { useLingui } from '@lingui/react/macro'
import type { ReachFigures, Statistics } from '#shared/statistics.schema.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { BarChart } from './charts/bar-chart.tsx'
import type { ChartData } from './charts/chart-data.ts'
import { ChartPanel } from './charts/chart-panel.tsx'
import { type Figure, FigureList, NoFigure, NothingToChart } from './figure-list.tsx'
import type { StatisticsQuery } from './period.ts'
import type { StatisticsFormat } from './statistics-format.ts'
import { StatisticsSection } from './statistics-section.tsx'

export function ReachSection({
  reach,
  range,
  format: f,
}: {
  reach: Statistics['reach']
  range: StatisticsQuery
  format: StatisticsFormat
}) {
  const { t } = useLingui()
  const date = useDateFormat()
  const { emergencies } = reach
  const share = (part: number, whole: number) => (whole > 0 ? f.percent(part / whole) : undefined)
  const wait = (minutes: number | null) => (minutes === null ? <NoFigure /> : f.minutes(minutes))
  const readFigures = (figures: ReachFigures, labels: [string, string, string]): Figure[] => [
    { label: labels[0], value: f.count(figures.sent) },
    {
      label: labels[1],
      value: t`${f.count(figures.read)} of ${f.count(figures.targeted)}`,
      detail: figures.share === null ? <NoFigure /> : f.percent(figures.share),
    },
    { label: labels[2], value: wait(figures.median_minutes_to_read) },
  ]
  const posts = reach.recent_posts
  const data: ChartData = {
    series: [{ label: t`Read`, tone: 'brand' }],
    trackLabel: t`Reached`,
    rows: posts.map((p) => ({ id: p.id, label: p.title, values: [p.read], track: p.targeted })),
  }
  const readOf = (read: number, targeted: number) => t`${f.count(read)} of ${f.count(targeted)}`
  return (
    <StatisticsSection
      section="reach"
      range={range}
      title={t`Reach`}
      description={t`How much of what the school sends is read, and how soon.`}
    >
      <FigureList
        title={t`Posts`}
        figures={readFigures(reach.posts, [t`Posts published`, t`Read`, t`Median time to read`])}
      />
      <FigureList
        title={t`Notifications`}
        figures={readFigures(reach.notifications, [t`Notifications sent`, t`Read`, t`Median time to read`])}
      />
      <FigureList
        title={t`Emergency alerts`}
        figures={[
          { label: t`Alerts sent`, value: f.count(emergencies.sent) },
          {
            label: t`Answered`,
            value: readOf(emergencies.answered, emergencies.targeted),
            detail: share(emergencies.answered, emergencies.targeted) ?? <NoFigure />,
          },
          {
            label: t`Safe or need help`,
            value: t`${f.count(emergencies.safe)} safe, ${f.count(emergencies.help)} need help`,
          },
          { label: t`Median time to answer`, value: wait(emergencies.median_minutes_to_answer) },
        ]}
      />
      {posts.length ? (
        <ChartPanel
          title={t`Latest posts`}
          data={data}
          table={{
            columns: [
              { label: t`Post` },
              { label: t`Published on` },
              { label: t`Read`, numeric: true },
              { label: t`Share read`, numeric: true },
            ],
            rows: posts.map((p) => ({
              id: p.id,
              cells: [
                <span key="title" dir="auto">
                  {p.title}
                </span>,
                date(p.published_at, 'date'),
                readOf(p.read, p.targeted),
                share(p.read, p.targeted) ?? <NoFigure key="share" />,
              ],
            })),
          }}
        >
          <BarChart
            data={data}
            scale="row"
            summary={t`Read share of the ${f.count(posts.length)} latest posts: ${f.list(
              posts.map((p) => t`${p.title}, ${f.count(p.read)} of ${f.count(p.targeted)}`),
            )}`}
            caption={(row) => {
              const read = readOf(row.values[0] ?? 0, row.track ?? 0)
              const part = share(row.values[0] ?? 0, row.track ?? 0)
              return part ? `${read} · ${part}` : read
            }}
          />
        </ChartPanel>
      ) : (
        <NothingToChart>{t`No posts were published in this period.`}</NothingToChart>
      )}
    </StatisticsSection>
  )
}
