// /colleges/details: every field of the college record. A new logo or colour shows at once in the
// app; the next manifest and home-screen icons follow.
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import {
  type CollegeImageKind,
  type CollegeInput,
  type CollegeRecord,
  type Commune,
  collegeSchema,
  timeZones,
} from '#shared/colleges.schema.ts'
import { LOCALE_NAMES, LOCALES } from '#shared/constants.ts'
import { api, errorMessageOf, validationErrorsOf } from '../../platform/api.ts'
import { loadCollege } from '../../platform/college.ts'
import { useRemote } from '../../platform/remote.ts'
import { toast } from '../../platform/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ColorField } from '../../ui/color-field.tsx'
import { ComboBox } from '../../ui/combobox.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { PictureField } from '../../ui/picture-field.tsx'
import { Select } from '../../ui/select.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { Switch } from '../../ui/switch.tsx'
import { TextField } from '../../ui/text-field.tsx'

const FIELDS = [
  'name',
  'short_name',
  'acronym',
  'slug',
  'address',
  'commune_id',
  'email',
  'phone',
  'theme_color',
  'show_onboarding',
  'have_advertising',
  'app_status_publishing',
  'language',
  'timezone',
] as const

function valuesOf(r: CollegeRecord): CollegeInput {
  return {
    name: r.name,
    short_name: r.short_name,
    acronym: r.acronym,
    slug: r.slug,
    address: r.address,
    commune_id: r.commune?.id ?? null,
    email: r.email,
    phone: r.phone,
    theme_color: r.setting.theme_color,
    show_onboarding: r.show_onboarding,
    have_advertising: r.have_advertising,
    app_status_publishing: r.app_status_publishing,
    language: r.language as CollegeInput['language'],
    timezone: r.timezone,
  }
}

export const BackToCollege = () => (
  <TextLink to="/college" className="inline-flex items-center gap-1 self-start text-sm">
    <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
    <Trans>College</Trans>
  </TextLink>
)

export function CollegeDetails() {
  const { t } = useLingui()
  const record = useRemote<CollegeRecord>('api/v1/college')
  const communes = useRemote<{ data: Commune[] }>('api/v1/communes')
  return (
    <>
      <PageHeader title={t`College details`} before={<BackToCollege />} />
      <RemoteContent
        status={
          record.data && communes.data ? 'ready' : record.status === 'ready' ? communes.status : record.status
        }
        error={record.error ?? communes.error}
        onRetry={() => {
          record.reload()
          communes.reload()
        }}
        loading={<SkeletonList count={3} label={t`Loading…`} />}
      >
        {record.data && communes.data && (
          <DetailsForm record={record.data} communes={communes.data.data} onSaved={record.set} />
        )}
      </RemoteContent>
    </>
  )
}

function DetailsForm({
  record,
  communes,
  onSaved,
}: {
  record: CollegeRecord
  communes: Commune[]
  onSaved: (record: CollegeRecord) => void
}) {
  const { t } = useLingui()
  const [uploading, setUploading] = useState<CollegeImageKind>()
  const [pictureErrors, setPictureErrors] = useState<Partial<Record<CollegeImageKind, string>>>({})
  const form = useServerForm<CollegeInput, CollegeRecord>({
    schema: collegeSchema,
    defaultValues: valuesOf(record),
    fields: FIELDS,
    save: (values) => api.put('api/v1/college', { json: values }).json<CollegeRecord>(),
    valuesAfter: valuesOf,
    onSaved: (saved) => {
      onSaved(saved)
      // The new name and colour show at once, everywhere in the app.
      void loadCollege()
    },
    savedText: t`The college details have been saved.`,
  })
  const e = form.formState.errors
  const communeOptions = communes.map((c) => ({ id: c.id, name: `${c.name} (${c.region})` }))
  const zones = timeZones().map((zone) => ({ id: zone, name: zone.replaceAll('_', ' ') }))

  const picture = async (kind: CollegeImageKind, file: File | null) => {
    setUploading(kind)
    setPictureErrors((all) => ({ ...all, [kind]: undefined }))
    try {
      let saved: CollegeRecord
      if (file) {
        const body = new FormData()
        body.set('file', file)
        saved = await api.post(`api/v1/college/images/${kind}`, { body }).json<CollegeRecord>()
      } else saved = await api.delete(`api/v1/college/images/${kind}`).json<CollegeRecord>()
      onSaved(saved)
      void loadCollege()
      toast(file ? t`The picture has been changed.` : t`The picture has been removed.`, 'success')
    } catch (error) {
      setPictureErrors((all) => ({
        ...all,
        [kind]:
          validationErrorsOf(error)?.file?.[0] ??
          errorMessageOf(error) ??
          t`The picture could not be sent. Check your connection and try again.`,
      }))
    } finally {
      setUploading(undefined)
    }
  }
  const pictureProps = (kind: CollegeImageKind) => ({
    src: record[kind],
    busy: uploading === kind,
    error: pictureErrors[kind],
    onPick: (file: File) => void picture(kind, file),
    onRemove: () => void picture(kind, null),
  })

  return (
    <>
      <section className="card flex flex-col gap-5 p-5 sm:p-6" aria-labelledby="pictures-heading">
        <h2 id="pictures-heading" className="text-lg font-semibold">
          <Trans>Logo and pictures</Trans>
        </h2>
        <div className="grid gap-6 sm:grid-cols-2">
          <PictureField
            label={t`Logo`}
            hint={t`Square works best. It becomes the app’s icon on phones.`}
            shape="square"
            {...pictureProps('logo')}
          />
          <PictureField
            label={t`Cover picture`}
            hint={t`Shown on the home page and in link previews.`}
            {...pictureProps('image')}
          />
          <PictureField
            label={t`Menu picture`}
            hint={t`Shown at the top of the menu.`}
            {...pictureProps('image_menu')}
          />
          <PictureField
            label={t`Start screen picture`}
            hint={t`Shown while the app opens.`}
            shape="tall"
            {...pictureProps('image_splash')}
          />
        </div>
      </section>
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-6 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-lg font-semibold">{t`Name`}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t`Name`} error={e.name?.message} {...form.register('name')} />
            <TextField
              label={t`Short name`}
              hint={t`Under the icon on phones.`}
              error={e.short_name?.message}
              {...form.register('short_name')}
            />
            <TextField label={t`Acronym`} error={e.acronym?.message} {...form.register('acronym')} />
            <TextField
              label={t`Identifier`}
              hint={t`Lowercase letters, numbers and hyphens.`}
              error={e.slug?.message}
              {...form.register('slug')}
            />
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-lg font-semibold">{t`Contact`}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t`Email`} type="email" error={e.email?.message} {...form.register('email')} />
            <TextField label={t`Phone`} type="tel" error={e.phone?.message} {...form.register('phone')} />
            <TextField label={t`Address`} error={e.address?.message} {...form.register('address')} />
            <Controller
              control={form.control}
              name="commune_id"
              render={({ field }) => (
                <ComboBox
                  label={t`Commune`}
                  options={communeOptions}
                  value={field.value ?? null}
                  onChange={(key) => field.onChange(key === null ? null : Number(key))}
                  emptyText={t`No commune has that name`}
                  error={e.commune_id?.message}
                />
              )}
            />
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-lg font-semibold">{t`The app`}</legend>
          <Controller
            control={form.control}
            name="theme_color"
            render={({ field }) => (
              <ColorField
                label={t`Colour`}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={e.theme_color?.message}
                hint={t`Buttons, links and the phone’s top bar take this colour.`}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <Select
                  label={t`Language`}
                  hint={t`The language of the home page, mails and new accounts.`}
                  options={LOCALES.map((code) => ({ id: code, name: LOCALE_NAMES[code] }))}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={e.language?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <ComboBox
                  label={t`Time zone`}
                  options={zones}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  emptyText={t`No time zone has that name`}
                  error={e.timezone?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="app_status_publishing"
              render={({ field }) => (
                <Select
                  label={t`App stores`}
                  options={[
                    { id: 0, name: t`Not published` },
                    { id: 1, name: t`Published` },
                  ]}
                  value={field.value ?? 0}
                  onChange={(key) => field.onChange(Number(key))}
                />
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="show_onboarding"
            render={({ field }) => (
              <Switch isSelected={Boolean(field.value)} onChange={field.onChange}>
                {t`Show the welcome tour to new users`}
              </Switch>
            )}
          />
          <Controller
            control={form.control}
            name="have_advertising"
            render={({ field }) => (
              <Switch isSelected={Boolean(field.value)} onChange={field.onChange}>
                {t`Show banners of local businesses`}
              </Switch>
            )}
          />
        </fieldset>
        <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
          <Trans>Save details</Trans>
        </Button>
      </form>
      {form.guard}
    </>
  )
}
