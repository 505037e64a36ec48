// One practice: when it meets, its times, where, with whom, and notes; for managers, edit and delete.
import { useLingui } from '@lingui/react/macro'
import { Clock, Pencil, Trash2 } from 'lucide-react'
import type { PracticeSchedule } from '#shared/processes.schema.ts'
import { AriaIconButton } from '../../ui/aria-button.tsx'
import { Tooltip } from '../../ui/tooltip.tsx'
import type { ProcessFormat } from './process-format.ts'

export function ScheduleCard({
  schedule,
  format,
  manage,
}: {
  schedule: PracticeSchedule
  format: ProcessFormat
  manage?: { online: boolean; onEdit: () => void; onDelete: () => void }
}) {
  const { t } = useLingui()
  const when = format.when(schedule)
  const details = [
    { term: t`Place`, value: schedule.place },
    { term: t`Supervisor`, value: schedule.supervisor },
    { term: t`Notes`, value: schedule.notes },
  ].filter((d) => d.value)
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="practice">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 className="font-semibold text-slate-900 first-letter:uppercase dark:text-white">{when}</h3>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {format.timeRange(schedule.starts_at, schedule.ends_at)}
          </p>
        </div>
        {manage && (
          <div className="-me-2 -mt-1 flex shrink-0">
            <Tooltip text={t`Edit practice`}>
              <AriaIconButton
                label={t`Edit practice: ${when}`}
                onPress={manage.onEdit}
                isDisabled={!manage.online}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </AriaIconButton>
            </Tooltip>
            <Tooltip text={t`Delete practice`}>
              <AriaIconButton
                label={t`Delete practice: ${when}`}
                onPress={manage.onDelete}
                isDisabled={!manage.online}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </AriaIconButton>
            </Tooltip>
          </div>
        )}
      </div>
      {details.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {details.map((d) => (
            <div key={d.term} className="contents">
              <dt className="text-muted">{d.term}</dt>
              <dd dir="auto" className="break-words whitespace-pre-line">
                {d.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}
