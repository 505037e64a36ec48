// /colleges/social/: links to the college's website and social networks, shown on the home page.
import { Trans, useLingui } from '@lingui/react/macro'
import { Plus, Share2, Trash2 } from 'lucide-react'
import { Controller, useFieldArray } from 'react-hook-form'
import { SOCIAL_NETWORKS, type SocialLink, socialLinksSchema } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Select } from '../../ui/select.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { NETWORK_NAMES, SocialIcon } from '../../ui/social-icon.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { BackToCollege } from './college-details.tsx'

type Links = { links: SocialLink[] }

export function CollegeSocial() {
  const { t } = useLingui()
  const remote = useRemote<{ links: SocialLink[] }>('api/v1/college/social')
  return (
    <>
      <PageHeader
        title={t`Social networks`}
        description={t`The college’s website and networks, shown with their icons on the home page.`}
        before={<BackToCollege />}
      />
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList count={1} label={t`Loading…`} />}
      >
        {remote.data && <SocialForm initial={remote.data.links} />}
      </RemoteContent>
    </>
  )
}

function SocialForm({ initial }: { initial: SocialLink[] }) {
  const { t } = useLingui()
  const form = useServerForm<Links, Links>({
    schema: socialLinksSchema,
    defaultValues: { links: initial },
    fields: (field) => /^links\.\d+\.(network|url)$/.test(field),
    save: (values) => api.put('api/v1/college/social', { json: values }).json<Links>(),
    valuesAfter: (saved) => saved,
    savedText: t`The links have been saved.`,
  })
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'links' })
  const errors = form.formState.errors.links
  return (
    <form onSubmit={form.submit} noValidate className="card flex flex-col gap-5 p-5 sm:p-6">
      <FormAlert>{form.formError}</FormAlert>
      {fields.length === 0 && (
        <EmptyState icon={Share2} title={t`No links yet`} className="shadow-none ring-0">
          <Trans>Add the college’s website, Instagram or Facebook page so families find them.</Trans>
        </EmptyState>
      )}
      <ul className="flex flex-col gap-4">
        {fields.map((row, index) => (
          <li key={row.id} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
            <Controller
              control={form.control}
              name={`links.${index}.network`}
              render={({ field }) => (
                <Select
                  label={t`Network`}
                  options={SOCIAL_NETWORKS.map((n) => ({
                    id: n,
                    name: n === 'website' ? t`Website` : NETWORK_NAMES[n],
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors?.[index]?.network?.message}
                />
              )}
            />
            <div className="flex items-start gap-2">
              <span className="mt-9 text-muted">
                <SocialIcon network={form.watch(`links.${index}.network`)} />
              </span>
              <TextField
                label={t`Address`}
                type="url"
                placeholder="https://"
                className="flex-1"
                error={errors?.[index]?.url?.message}
                {...form.register(`links.${index}.url`)}
              />
            </div>
            <AriaIconButton label={t`Remove this link`} className="sm:mt-7" onPress={() => remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </AriaIconButton>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <AriaButton
          variant="secondary"
          onPress={() => append({ network: fields.length === 0 ? 'website' : 'instagram', url: '' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t`Add a link`}
        </AriaButton>
        <Button type="submit" busy={form.formState.isSubmitting}>
          <Trans>Save links</Trans>
        </Button>
      </div>
      {form.guard}
    </form>
  )
}
