// The school calendar: the grids and agenda, the next events as a list (keyboard and screen-reader
// friendly), and one event's details. Everything comes from the mirror, so it opens offline.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CalendarDays, Plus, Tags } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { userHasPermission } from '#shared/permissions.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { EventCategoriesDialog } from './event-categories-dialog.tsx'
import { EventDetails } from './event-details.tsx'
import { EventList } from './event-list.tsx'
import { allEvents, categoriesById, practiceSessions, processOfPractice } from './event-queries.ts'

// schedule-x works in Temporal. Chromium and Firefox have their own; the polyfill loads only where it
// is missing, before the calendar's code, since it replaces the browser's (and Intl.DateTimeFormat
// with it): its time-zone arithmetic was most of the month view's drawing time.
const temporal = () => ('Temporal' in globalThis ? Promise.resolve() : import('temporal-polyfill/global'))
const EventCalendar = lazy(() => temporal().then(() => import('./event-calendar.tsx')))

export function EventsPage({ selected }: { selected?: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const zone = useCollegeZone()
  // Remembered: the month is drawn at once on every visit after the first.
  const events = useLocalQuery(allEvents, [], undefined, 'events-page:events')
  const categories = useLocalQuery(categoriesById, [], undefined, 'events-page:categories')
  const today = todayIn(zone)
  // Practices of processes (a year ahead, half a year back) are drawn in the grids beside events.
  const practices = useLocalQuery(
    (db) => practiceSessions(db, zone, addDays(today, -180), addDays(today, 370)),
    [zone, today],
    undefined,
    'events-page:practices',
  )
  const open = (id: string | undefined) => {
    const process = id && processOfPractice(id)
    if (process) void navigate({ to: '/processes/processes/$id', params: { id: process } })
    else void navigate({ to: '/events', search: id ? { event: id } : {} })
  }
  const upcoming = (events ?? []).filter((e) => e.ends_at.slice(0, 10) >= today).slice(0, 8)
  const current = selected ? events?.find((e) => e.id === selected) : undefined
  const canManage = userHasPermission(user, 'events.manage')
  const [managing, setManaging] = useState(false)

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Calendar`}
        description={t`Times are shown in the college's time zone (${zone}).`}
        actions={
          canManage && (
            <>
              <AriaButton variant="secondary" onPress={() => setManaging(true)}>
                <Tags aria-hidden="true" className="size-4" />
                <Trans>Categories</Trans>
              </AriaButton>
              <ButtonLink to="/events/new-event">
                <Plus aria-hidden="true" className="size-4" />
                <Trans>New event</Trans>
              </ButtonLink>
            </>
          )
        }
      />
      {/* With its categories: schedule-x takes their colours once, and draws unknown ones in its own. */}
      {events === undefined || categories === undefined ? (
        <div role="status" aria-label={t`Loading the calendar…`} className="card h-96 animate-pulse" />
      ) : events.length === 0 && !practices?.length ? (
        <EmptyState icon={CalendarDays} title={t`No events yet.`}>
          {canManage ? (
            <Trans>Add the first one: families see it in their calendar, even offline.</Trans>
          ) : (
            <Trans>When the school adds events for you, they appear here.</Trans>
          )}
        </EmptyState>
      ) : (
        <>
          <Suspense fallback={<div className="card h-96 animate-pulse" />}>
            <EventCalendar
              // schedule-x takes its colours once: a changed category draws it again.
              key={[...(categories?.values() ?? [])].map((c) => `${c.id}${c.color}`).join()}
              events={practices?.length ? [...events, ...practices] : events}
              categories={[...(categories?.values() ?? [])]}
              zone={zone}
              locale={i18n.locale}
              onOpen={open}
            />
          </Suspense>
          <section aria-labelledby="upcoming-heading" className="flex flex-col gap-3">
            <h2 id="upcoming-heading" className="text-lg font-semibold">
              <Trans>Coming up</Trans>
            </h2>
            {upcoming.length ? (
              <EventList events={upcoming} categories={categories} zone={zone} />
            ) : (
              <p className="text-muted">
                <Trans>Nothing else is planned for now.</Trans>
              </p>
            )}
          </section>
        </>
      )}
      {managing && <EventCategoriesDialog onClose={() => setManaging(false)} />}
      {current && (
        <EventDetails
          event={current}
          category={categories?.get(current.category_id ?? -1)}
          zone={zone}
          onClose={() => open(undefined)}
        />
      )}
    </div>
  )
}
