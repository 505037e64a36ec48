// /admin/contacts/{id}: one message, the answers sent by mail (or why one could not go), a reply box,
// and marking it handled.
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowLeft, CheckCheck, Inbox, Mail, Phone, RotateCcw, Send } from 'lucide-react'
import { type ContactDetail, contactReplySchema } from '#shared/contacts.schema.ts'
import { api } from '../../platform/api.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { useAction } from '../../ui/use-action.ts'
import { StatusBadge } from './status-badge.tsx'

export const BackToContacts = () => (
  <TextLink to="/admin/contacts" className="inline-flex items-center gap-1 self-start text-sm">
    <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
    <Trans>Contacts</Trans>
  </TextLink>
)

export function ContactDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const valid = /^\d{1,10}$/.test(id)
  const contact = useRemote<ContactDetail>(valid ? `api/v1/contact-messages/${id}` : null)
  if (!valid || (contact.status === 'error' && !contact.data))
    return (
      <EmptyState
        icon={Inbox}
        level={1}
        title={t`This message is not in the inbox`}
        action={
          <ButtonLink to="/admin/contacts" variant="secondary">
            <Trans>Back to contacts</Trans>
          </ButtonLink>
        }
      />
    )
  return (
    <RemoteContent
      status={contact.data ? 'ready' : contact.status}
      error={contact.error}
      onRetry={contact.reload}
      loading={<SkeletonList count={2} label={t`Loading…`} />}
    >
      {contact.data && <ContactView contact={contact.data} onChange={contact.set} />}
    </RemoteContent>
  )
}

function ContactView({
  contact,
  onChange,
}: {
  contact: ContactDetail
  onChange: (c: ContactDetail) => void
}) {
  const { t } = useLingui()
  const format = useDateFormat()
  const { busy, act } = useAction()
  const form = useServerForm<{ body: string }, ContactDetail>({
    schema: contactReplySchema,
    defaultValues: { body: '' },
    fields: ['body'],
    save: (values) =>
      api.post(`api/v1/contact-messages/${contact.id}/replies`, { json: values }).json<ContactDetail>(),
    // An answer that did not go stays in the box, to send again.
    valuesAfter: (saved, sent) => (saved.thread.at(-1)?.delivered ? { body: '' } : sent),
    onSaved: onChange,
    savedText: (saved) =>
      saved.thread.at(-1)?.delivered
        ? t`Your answer has been sent.`
        : t`Your answer could not be sent: see why below.`,
  })
  const last = contact.thread.at(-1)
  const setStatus = async (status: 'new' | 'handled') => {
    const saved = await act(
      () =>
        api.post(`api/v1/contact-messages/${contact.id}/status`, { json: { status } }).json<ContactDetail>(),
      status === 'handled' ? t`Marked as handled.` : t`Back among the waiting messages.`,
    )
    if (saved) onChange(saved)
  }
  return (
    <>
      <PageHeader
        before={<BackToContacts />}
        title={<span dir="auto">{contact.name}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={contact.status} />
            {t`Received ${format(contact.created_at, 'dateTime')}`}
            {contact.handled_by && contact.handled_at && (
              <span>{t`Handled by ${contact.handled_by.name} on ${format(contact.handled_at, 'dateTime')}`}</span>
            )}
          </span>
        }
        actions={
          contact.status === 'new' ? (
            <AriaButton variant="secondary" isDisabled={busy} onPress={() => void setStatus('handled')}>
              <CheckCheck aria-hidden="true" className="size-4" />
              {t`Mark as handled`}
            </AriaButton>
          ) : (
            <AriaButton variant="ghost" isDisabled={busy} onPress={() => void setStatus('new')}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t`Mark as waiting`}
            </AriaButton>
          )
        }
      />
      <article className="card flex flex-col gap-3 p-5 sm:p-6">
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <a className="link inline-flex items-center gap-1.5" href={`mailto:${contact.email}`}>
            <Mail aria-hidden="true" className="size-4" />
            {contact.email}
          </a>
          {contact.phone && (
            <a
              className="link inline-flex items-center gap-1.5"
              dir="ltr"
              href={`tel:${contact.phone.replace(/\s/g, '')}`}
            >
              <Phone aria-hidden="true" className="size-4" />
              {contact.phone}
            </a>
          )}
          {contact.source === 'staff' && <Badge tone="neutral">{t`Noted by staff`}</Badge>}
        </div>
        <p dir="auto" className="whitespace-pre-line">
          {contact.message}
        </p>
      </article>
      {contact.thread.length > 0 && (
        <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
          <h2 id="thread-heading" className="text-lg font-semibold">
            <Trans>Answers</Trans>
          </h2>
          <ol className="flex flex-col gap-3">
            {contact.thread.map((reply) => (
              <li key={reply.id} className="card flex flex-col gap-2 p-4">
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  <span className="font-medium text-slate-800 dark:text-slate-200">{reply.author?.name}</span>
                  <span>{format(reply.created_at, 'dateTime')}</span>
                  {reply.delivered ? (
                    <Badge tone="success">{t`Sent`}</Badge>
                  ) : (
                    <Badge tone="danger">{t`Not sent`}</Badge>
                  )}
                </div>
                <p dir="auto" className="whitespace-pre-line">
                  {reply.body}
                </p>
                {reply.error && <FormAlert>{reply.error}</FormAlert>}
              </li>
            ))}
          </ol>
        </section>
      )}
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-4 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        {last && !last.delivered && (
          <FormAlert tone="warning">
            <Trans>
              The last answer did not reach {contact.email}. It is below, ready to send again once the mail
              settings are right.
            </Trans>
          </FormAlert>
        )}
        <TextArea
          label={t`Answer by mail to ${contact.email}`}
          rows={6}
          error={form.formState.errors.body?.message}
          {...form.register('body')}
        />
        <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
          <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Send answer</Trans>
        </Button>
      </form>
      {form.guard}
    </>
  )
}
