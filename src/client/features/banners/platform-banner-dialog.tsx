// The platform owner's "New banner for several colleges": the banner's fields and picture, as a
// college's admins fill them in, and the colleges to place it in. Only colleges that accept advertising
// are offered (the server refuses the others). It goes up in one multipart request; each chosen college
// gets its own copy, shown from the first day to the last by that college's calendar.
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import * as v from 'valibot'
import { type BannerInput, bannerInputSchema, type CollegeBanners } from '#shared/banners.schema.ts'
import { messages as m } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, validationErrorsOf } from '../../platform/api.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { IdCheckboxes } from '../../ui/checkbox.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { withoutImageErrors } from './banner-actions.ts'
import { BannerFields } from './banner-fields.tsx'
import { BannerImageField, useBannerPicture } from './banner-image-field.tsx'

type PlatformBannerValues = BannerInput & { college_ids: number[] }

const platformBannerSchema = v.intersect([
  bannerInputSchema,
  v.object({
    college_ids: v.pipe(v.array(v.number()), v.minLength(1, message(m.bannerCollegesRequired))),
  }),
])

const FIELDS = ['title', 'link', 'placement', 'starts_on', 'ends_on', 'college_ids'] as const

/** The banner in each chosen college: its fields, its picture and `college_ids` as "1,2,3". */
function placeBanner(values: PlatformBannerValues, image: File): Promise<{ created: number }> {
  const body = new FormData()
  const { college_ids, ...fields } = values
  for (const [field, value] of Object.entries(fields)) body.set(field, String(value ?? ''))
  body.set('college_ids', college_ids.join(','))
  body.set('image', image)
  return api.post('api/v1/platform/banners', { body }).json<{ created: number }>()
}

export function PlatformBannerDialog({
  colleges,
  onClose,
  onCreated,
}: {
  /** Every college of the platform; those without advertising are not offered. */
  colleges: readonly CollegeBanners[]
  onClose: () => void
  onCreated: (created: number) => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const picture = useBannerPicture()
  const offered = colleges.filter((c) => c.have_advertising)
  const without = colleges.length - offered.length

  const form = useServerForm<PlatformBannerValues, { created: number }>({
    schema: platformBannerSchema,
    defaultValues: { title: '', link: '', placement: 'home', starts_on: today, ends_on: '', college_ids: [] },
    fields: FIELDS,
    save: async (values) => {
      picture.setError(undefined)
      try {
        return await placeBanner(values, picture.picked!)
      } catch (error) {
        const image = validationErrorsOf(error)?.image?.[0]
        if (image) picture.setError(image)
        throw withoutImageErrors(error)
      }
    },
    savedText: ({ created }) =>
      plural(created, { one: 'Banner placed in # college.', other: 'Banner placed in # colleges.' }),
    onSaved: ({ created }) => onCreated(created),
  })
  const e = form.formState.errors

  const collegesHint =
    without > 0
      ? plural(without, {
          one: 'Only colleges that accept advertising are listed: # college does not, and would never show the banner.',
          other:
            'Only colleges that accept advertising are listed: # colleges do not, and would never show the banner.',
        })
      : t`Each college gets its own copy of the banner.`

  return (
    <FormDialog
      title={t`New banner for several colleges`}
      submitLabel={t`Place banner`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty || Boolean(picture.picked)}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => {
        if (!picture.refuseWithout(event, form.trigger)) void form.submit(event)
      }}
      size="lg"
    >
      {form.guard}
      <BannerFields
        form={form}
        lastDayHint={t`Each college shows it from the first day to the last, both included, by its own calendar.`}
      />
      <BannerImageField
        src={picture.preview}
        picked={Boolean(picture.picked)}
        error={picture.error}
        isDisabled={form.formState.isSubmitting}
        onPick={picture.pick}
      />
      {offered.length === 0 ? (
        <FormAlert tone="warning">
          {t`No college accepts advertising, so there is nowhere to place a banner. A college's administrators turn advertising on in its details.`}
        </FormAlert>
      ) : (
        <Controller
          control={form.control}
          name="college_ids"
          render={({ field }) => {
            const all = field.value.length === offered.length
            return (
              <div className="flex flex-col gap-1">
                <IdCheckboxes
                  label={t`Colleges`}
                  options={offered.map((c) => ({ id: c.id, name: c.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  hint={collegesHint}
                  error={e.college_ids?.message}
                />
                {offered.length > 1 && (
                  <AriaButton
                    variant="ghost"
                    size="sm"
                    className="self-start"
                    onPress={() => field.onChange(all ? [] : offered.map((c) => c.id))}
                  >
                    {all ? t`Clear the choice` : t`Choose all`}
                  </AriaButton>
                )}
              </div>
            )
          }}
        />
      )}
    </FormDialog>
  )
}
