// How often families saw the business and its promotions in Benefits, and pressed them, over the last
// 30 days. The server keeps only one total per item and day, never who.
import { Trans, useLingui } from '@lingui/react/macro'
import { ChartNoAxesColumn, RotateCw } from 'lucide-react'
import type { BenefitFigures, Pyme } from '#shared/benefits.schema.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { type FigureLine, figuresOfPyme } from './promotion-status.ts'
import { usePromotionFormat } from './pyme-format.ts'

export const FIGURE_DAYS = 30

export function PymeFigures({ pyme }: { pyme: Pyme }) {
  const { t } = useLingui()
  const format = usePromotionFormat()
  const figures = useRemote<BenefitFigures>(`api/v1/benefits/figures?days=${FIGURE_DAYS}`)
  const lines = figures.data && figuresOfPyme(figures.data, pyme)
  const period = figures.data && format.range(figures.data.from, figures.data.to)
  const cell = 'px-3 py-2 text-end tabular-nums'
  const row = (line: FigureLine, main: boolean) => (
    <tr key={line.id} className="border-t border-slate-100 dark:border-slate-800">
      <th scope="row" className={`px-3 py-2 text-start ${main ? 'font-semibold' : 'font-normal'}`}>
        <span dir="auto" className="break-words">
          {line.name}
        </span>
      </th>
      <td className={cell}>{format.number(line.impressions)}</td>
      <td className={cell}>{format.number(line.clicks)}</td>
    </tr>
  )
  return (
    <section aria-labelledby="figures-heading" className="card flex flex-col gap-3 p-4 sm:p-5">
      <h2 id="figures-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ChartNoAxesColumn aria-hidden="true" className="size-5 text-muted" />
        <Trans>Seen and pressed in the last {FIGURE_DAYS} days</Trans>
      </h2>
      <p className="text-sm text-muted">
        <Trans>
          Counts are totals per day of how many times families saw the business or a promotion in Benefits and
          pressed it. They are never tied to a person: nobody can tell who saw or pressed what.
        </Trans>
      </p>
      {lines ? (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="pb-2 text-start text-sm text-muted">{period}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Business or promotion</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans context="impressions">Seen</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <Trans>Pressed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {row(lines.pyme, true)}
              {lines.promotions.map((line) => row(line, false))}
            </tbody>
          </table>
        </div>
      ) : figures.status === 'loading' ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={t`Loading the figures…`}
          className="flex flex-col gap-2"
        >
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted">
            {figures.status === 'offline'
              ? t`The figures need a connection.`
              : (figures.error ?? t`The figures could not be loaded.`)}
          </p>
          <AriaButton variant="secondary" size="sm" onPress={figures.reload}>
            <RotateCw aria-hidden="true" className="size-4" />
            <Trans>Try again</Trans>
          </AriaButton>
        </div>
      )}
    </section>
  )
}
