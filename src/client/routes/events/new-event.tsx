import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EventForm } from '../../features/events/event-form.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { validateEditorSearch } from '../blog/new-post.tsx'

export const Route = createFileRoute('/events/new-event')({
  staticData: { permission: 'events.manage' },
  validateSearch: validateEditorSearch,
  component: NewEventPage,
})

function NewEventPage() {
  const { t } = useLingui()
  const { edit, draft } = Route.useSearch()
  return (
    <>
      <PageHeader title={edit || draft ? t`Edit event` : t`New event`} />
      <EventForm key={`${edit ?? ''}:${draft ?? ''}`} editId={edit} draftSeq={draft} />
    </>
  )
}
