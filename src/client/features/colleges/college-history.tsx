// /colleges/history/: the college's story in rich text, shown on the public home page. The server
// keeps only the formatting it allows, whatever is pasted.
import { Trans, useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import { historySchema } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { Button } from '../../ui/button.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { RichTextEditor } from '../../ui/rich-text-editor.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { BackToCollege } from './college-details.tsx'

type History = { history: string }

export function CollegeHistory() {
  const { t } = useLingui()
  const remote = useRemote<History>('api/v1/college/history')
  return (
    <>
      <PageHeader
        title={t`History`}
        description={t`Tell families where the college comes from. It is shown on the home page.`}
        before={<BackToCollege />}
        actions={
          <ButtonLink to="/" variant="ghost" target="_blank">
            <Trans>See the home page</Trans>
          </ButtonLink>
        }
      />
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList count={1} label={t`Loading…`} />}
      >
        {remote.data && <HistoryForm initial={remote.data} />}
      </RemoteContent>
    </>
  )
}

function HistoryForm({ initial }: { initial: History }) {
  const { t } = useLingui()
  const form = useServerForm<History, History>({
    schema: historySchema,
    defaultValues: initial,
    fields: ['history'],
    save: (values) => api.put('api/v1/college/history', { json: values }).json<History>(),
    // What the server kept (without what it does not allow) is what the editor shows next.
    valuesAfter: (saved) => saved,
    savedText: t`The history has been saved.`,
  })
  return (
    <form onSubmit={form.submit} noValidate className="card flex flex-col gap-4 p-5 sm:p-6">
      <FormAlert>{form.formError}</FormAlert>
      <span id="history-label" className="text-sm font-medium">
        <Trans>The college’s history</Trans>
      </span>
      <Controller
        control={form.control}
        name="history"
        render={({ field, fieldState }) => (
          <RichTextEditor
            value={field.value ?? ''}
            onChange={field.onChange}
            labelledBy="history-label"
            invalid={Boolean(fieldState.error)}
          />
        )}
      />
      {form.formState.errors.history && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {form.formState.errors.history.message}
        </p>
      )}
      <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
        <Trans>Save history</Trans>
      </Button>
      {form.guard}
    </form>
  )
}
