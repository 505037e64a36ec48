// /processes/: internships, workshops and other processes with their dates, courses and practices,
// from the mirror (so the list opens offline), searched by name and filtered by status; those who
// manage processes create them here.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CalendarRange, ClipboardList, Plus, SearchX } from 'lucide-react'
import { useState } from 'react'
import { userHasPermission } from '#shared/permissions.ts'
import { type Process, type ProcessStatus, processStatus } from '#shared/processes.schema.ts'
import { searchKey } from '#shared/search-key.ts'
import { todayIn } from '#shared/time-zones.ts'
import { onlineAtom } from '../../platform/online.ts'
import { userAtom } from '../../platform/session.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { Select } from '../../ui/select.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { OfflineNote } from './offline-note.tsx'
import { ProcessFormDialog } from './process-form-dialog.tsx'
import { STATUS_TONES, useProcessFormat } from './process-format.ts'
import { coursesOf, type ProcessesView, processesView, sortProcesses } from './process-queries.ts'

export type ProcessesSearch = { q?: string; status?: ProcessStatus }

const ALL = 'all'

export function ProcessesPage({
  search,
  onSearch,
}: {
  search: ProcessesSearch
  onSearch: (next: ProcessesSearch) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const format = useProcessFormat()
  const view = useLocalQuery(processesView, [])
  const ready = useMirrorReady()
  const canManage = userHasPermission(user, 'processes.manage')
  const [creating, setCreating] = useState(false)
  const set = (changes: Partial<ProcessesSearch>) => onSearch({ ...search, ...changes })

  const newButton = (variant: 'primary' | 'secondary') => (
    <AriaButton variant={variant} onPress={() => setCreating(true)} isDisabled={!online}>
      <Plus aria-hidden="true" className="size-4" />
      <Trans>New process</Trans>
    </AriaButton>
  )
  const key = searchKey(search.q ?? '')
  const shown =
    view &&
    sortProcesses(
      view.processes.filter(
        (p) =>
          (!key || searchKey(p.name).includes(key)) &&
          (!search.status || processStatus(p, today) === search.status),
      ),
      today,
    )
  const filtered = Boolean(search.q || search.status)
  // Until the first pull, an empty mirror means "not here yet", not "there is none".
  const loading = !view || (!ready && view.processes.length === 0)

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Processes`}
        description={
          canManage
            ? t`Internships, workshops and other processes, with the practice schedule of each course.`
            : t`Internships, workshops and other activities of your courses, with their practice schedules.`
        }
        actions={canManage && newButton('primary')}
      />
      {canManage && !online && <OfflineNote />}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchField
          label={t`Search processes`}
          placeholder={t`Process name`}
          value={search.q ?? ''}
          onChange={(q) => set({ q: q || undefined })}
        />
        <Select
          label={t`Status`}
          options={[
            { id: ALL, name: t`All processes` },
            { id: 'running', name: format.statusLabels.running },
            { id: 'upcoming', name: format.statusLabels.upcoming },
            { id: 'finished', name: format.statusLabels.finished },
          ]}
          value={search.status ?? ALL}
          onChange={(id) =>
            set({ status: id === ALL || id === null ? undefined : (String(id) as ProcessStatus) })
          }
        />
      </div>
      {loading || !shown ? (
        <SkeletonList label={t`Loading processes…`} />
      ) : shown.length > 0 ? (
        <ul aria-label={filtered ? t`Processes found` : t`Processes`} className="flex flex-col gap-3">
          {shown.map((p) => (
            <ProcessRow key={p.id} process={p} view={view} today={today} />
          ))}
        </ul>
      ) : filtered ? (
        <EmptyState icon={SearchX} title={t`No process matches this search`}>
          <Trans>Try other words, or choose "All processes" in the status.</Trans>
        </EmptyState>
      ) : canManage ? (
        <EmptyState icon={ClipboardList} title={t`No processes yet`} action={newButton('secondary')}>
          <Trans>
            Create an internship, a workshop or an admission period, choose its courses and add their practice
            schedules: families see them in the app, even offline.
          </Trans>
        </EmptyState>
      ) : (
        <EmptyState icon={ClipboardList} title={t`No practices for your courses yet`}>
          <Trans>
            When the school plans an internship or a workshop for your courses, its schedule appears here.
          </Trans>
        </EmptyState>
      )}
      {creating && (
        <ProcessFormDialog
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false)
            void navigate({ to: '/processes/processes/$id', params: { id: saved.id } })
          }}
        />
      )}
    </div>
  )
}

function ProcessRow({ process, view, today }: { process: Process; view: ProcessesView; today: string }) {
  const format = useProcessFormat()
  const status = processStatus(process, today)
  const courses = coursesOf(process, view)
  const practices = process.schedules.length
  return (
    <li>
      <Link
        to="/processes/processes/$id"
        params={{ id: process.id }}
        className="card flex flex-col gap-2 p-4 no-underline hover:bg-slate-50 dark:hover:bg-slate-800"
        data-testid="process"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span dir="auto" className="text-lg font-semibold break-words text-slate-900 dark:text-white">
            {process.name}
          </span>
          <Badge tone={STATUS_TONES[status]}>{format.statusLabels[status]}</Badge>
        </span>
        <span className="flex items-center gap-2 text-sm text-muted">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
          {format.range(process.starts_on, process.ends_on)}
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          {courses.length > 0 && <span dir="auto">{courses.map((c) => c.name).join(', ')}</span>}
          <span>{plural(practices, { one: '# practice', other: '# practices' })}</span>
        </span>
      </Link>
    </li>
  )
}
