// /processes/processes/{id}: one process from the mirror (so it opens offline) with the practices of
// each course and the next day each course meets; those who manage processes change it here, online.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ArrowLeft, CalendarRange, ClipboardList, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { userHasPermission } from '#shared/permissions.ts'
import type { Course } from '#shared/posts.schema.ts'
import { type PracticeSchedule, type Process, processStatus } from '#shared/processes.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf, isNetworkError } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { userAtom } from '../../platform/session.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { OfflineNote } from './offline-note.tsx'
import { deleteProcess, deleteSchedule } from './process-actions.ts'
import { ProcessFormDialog } from './process-form-dialog.tsx'
import { STATUS_TONES, useProcessFormat } from './process-format.ts'
import { coursesOf, nextSession, processesView } from './process-queries.ts'
import { ScheduleCard } from './schedule-card.tsx'
import { ScheduleFormDialog } from './schedule-form-dialog.tsx'

type Editing =
  | { kind: 'process' }
  | { kind: 'schedule'; schedule?: PracticeSchedule; courseId?: number }
  | undefined

export function ProcessPage({ id }: { id: string }) {
  const { t } = useLingui()
  const view = useLocalQuery(processesView, [])
  const ready = useMirrorReady()
  const process = view?.processes.find((p) => p.id === id.toLowerCase())
  if (!view || (!process && !ready))
    return (
      <div className="flex flex-col gap-6">
        <BackLink />
        <SkeletonList label={t`Loading the process…`} count={2} />
      </div>
    )
  if (!process)
    return (
      <EmptyState
        icon={ClipboardList}
        title={t`This process does not exist, or it is not shared with you.`}
        level={1}
      >
        <TextLink to="/processes">{t`See all processes`}</TextLink>
      </EmptyState>
    )
  return <ProcessDetail process={process} courses={coursesOf(process, view)} />
}

function BackLink() {
  return (
    <TextLink to="/processes" className="inline-flex items-center gap-1 self-start text-sm">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      <Trans>All processes</Trans>
    </TextLink>
  )
}

function ProcessDetail({ process, courses }: { process: Process; courses: Course[] }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const format = useProcessFormat()
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<Editing>()
  const canManage = userHasPermission(user, 'processes.manage')
  const status = processStatus(process, today)
  const failed = (error: unknown) =>
    toast(
      isNetworkError(error)
        ? t`You are offline. Processes can be changed when there is a connection.`
        : (errorMessageOf(error) ?? t`Something went wrong. Please try again.`),
      'error',
    )
  // A family's copy holds its own courses' practices: the other courses are named, not listed.
  const sections = canManage
    ? courses
    : courses.filter((c) => process.schedules.some((s) => s.course_id === c.id))
  const conflictText = t`Someone else changed this process meanwhile. The page now shows their version; please check it and try again.`

  const removeProcess = async () => {
    const name = process.name
    const ok = await confirm({
      title: t`Delete the process "${name}"?`,
      body: t`Its practices are deleted too, and its families stop seeing it on every device.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await deleteProcess(process, conflictText)
      toast(t`Process deleted.`, 'success')
      void navigate({ to: '/processes' })
    } catch (error) {
      failed(error)
    }
  }
  const removeSchedule = async (schedule: PracticeSchedule, course: Course) => {
    const when = format.when(schedule)
    const time = format.timeRange(schedule.starts_at, schedule.ends_at)
    const courseName = course.name
    const ok = await confirm({
      title: t`Delete this practice?`,
      body: t`${courseName}: ${when}, ${time}. Its families stop seeing it.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await deleteSchedule(process.id, schedule.id, conflictText)
      toast(t`Practice deleted.`, 'success')
    } catch (error) {
      failed(error)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        before={<BackLink />}
        title={<span dir="auto">{process.name}</span>}
        actions={
          canManage && (
            <>
              <AriaButton
                variant="secondary"
                onPress={() => setEditing({ kind: 'process' })}
                isDisabled={!online}
              >
                <Pencil aria-hidden="true" className="size-4" />
                <Trans>Edit process</Trans>
              </AriaButton>
              <AriaButton variant="ghost" onPress={() => void removeProcess()} isDisabled={!online}>
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Delete process</Trans>
              </AriaButton>
            </>
          )
        }
      />
      {canManage && !online && <OfflineNote />}
      <section aria-label={t`About this process`} className="card flex flex-col gap-3 p-4 sm:p-5">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONES[status]}>{format.statusLabels[status]}</Badge>
          <span className="flex items-center gap-2 text-sm text-muted">
            <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
            {format.range(process.starts_on, process.ends_on)}
          </span>
        </p>
        {process.description && (
          <p dir="auto" className="break-words whitespace-pre-line">
            {process.description}
          </p>
        )}
        {courses.length > 0 && (
          <p className="text-sm text-muted">
            <Trans>Courses:</Trans> <span dir="auto">{courses.map((c) => c.name).join(', ')}</span>
          </p>
        )}
      </section>
      {sections.length === 0 && (
        <EmptyState icon={CalendarRange} title={t`No practices for your courses yet`}>
          <Trans>When the school sets the practice schedule of your course, it appears here.</Trans>
        </EmptyState>
      )}
      {sections.map((course) => {
        const schedules = process.schedules.filter((s) => s.course_id === course.id)
        const next = nextSession(process, schedules, today)
        const nextDay = next && format.longDay(next.date)
        const nextTime = next && format.timeRange(next.schedule.starts_at, next.schedule.ends_at)
        const courseName = course.name
        const headingId = `course-${course.id}`
        return (
          <section key={course.id} aria-labelledby={headingId} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div className="flex flex-col gap-0.5">
                <h2 id={headingId} dir="auto" className="text-lg font-semibold">
                  {course.name}
                </h2>
                {next && (
                  <p className="text-sm" data-testid="next-practice">
                    <Trans>
                      Next practice: {nextDay}, {nextTime}
                    </Trans>
                  </p>
                )}
              </div>
              {canManage && (
                <AriaButton
                  variant="secondary"
                  size="sm"
                  onPress={() => setEditing({ kind: 'schedule', courseId: course.id })}
                  isDisabled={!online}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  <Trans>Add practice</Trans>
                </AriaButton>
              )}
            </div>
            {schedules.length > 0 ? (
              <ul aria-label={t`Practices of ${courseName}`} className="grid gap-3 md:grid-cols-2">
                {schedules.map((s) => (
                  <ScheduleCard
                    key={s.id}
                    schedule={s}
                    format={format}
                    manage={
                      canManage
                        ? {
                            online,
                            onEdit: () => setEditing({ kind: 'schedule', schedule: s }),
                            onDelete: () => void removeSchedule(s, course),
                          }
                        : undefined
                    }
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">
                <Trans>No practices for this course yet.</Trans>
              </p>
            )}
          </section>
        )
      })}
      {editing?.kind === 'process' && (
        <ProcessFormDialog
          process={process}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
      {editing?.kind === 'schedule' && (
        <ScheduleFormDialog
          process={process}
          courses={courses}
          schedule={editing.schedule}
          courseId={editing.courseId}
          onClose={() => setEditing(undefined)}
        />
      )}
      {dialog}
    </div>
  )
}
