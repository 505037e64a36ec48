// One part of the dashboard: a card with its heading, a line on what it counts, and its CSV export.
import { useLingui } from '@lingui/react/macro'
import { Download } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import type { StatisticsSection as Section } from '#shared/statistics.schema.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useAction } from '../../ui/use-action.ts'
import { exportSection } from './export-section.ts'
import type { StatisticsQuery } from './period.ts'

export function StatisticsSection({
  section,
  range,
  title,
  description,
  children,
}: {
  section: Section
  range: StatisticsQuery
  title: string
  description: ReactNode
  children: ReactNode
}) {
  const { t } = useLingui()
  const headingId = useId()
  const { busy, act } = useAction()
  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-5 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        {/* Named "Export CSV" like every export; the heading it belongs to describes it. */}
        <AriaButton
          variant="secondary"
          size="sm"
          isPending={busy}
          aria-describedby={headingId}
          onPress={() =>
            void act(() => exportSection(section, range), t`The CSV file has been saved to your downloads.`)
          }
        >
          <Download aria-hidden="true" className="size-4" />
          {t`Export CSV`}
        </AriaButton>
      </header>
      {children}
    </section>
  )
}
