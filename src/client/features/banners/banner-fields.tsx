// The fields of a banner (title, link, place, first and last day), in a college admin's form and in
// the platform owner's form for several colleges; each form adds its picture and the rest.
import { useLingui } from '@lingui/react/macro'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { BANNER_PLACEMENTS, type BannerInput, type BannerPlacement } from '#shared/banners.schema.ts'
import { DayRangeFields } from '../../ui/day-range-fields.tsx'
import { Select } from '../../ui/select.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useBannerFormat } from './banner-format.ts'

export function BannerFields<T extends BannerInput>({
  form: anyForm,
  lastDayHint,
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'control' | 'formState'>
  lastDayHint: string
}) {
  const { t } = useLingui()
  const format = useBannerFormat()
  // Every form that uses these fields holds at least a banner's values.
  const form = anyForm as unknown as Pick<UseFormReturn<BannerInput>, 'register' | 'control' | 'formState'>
  const e = form.formState.errors
  return (
    <>
      <TextField
        label={t`Title`}
        autoFocus
        maxLength={120}
        hint={t`Screen readers say it in place of the picture, so describe what the banner shows.`}
        error={e.title?.message}
        {...form.register('title')}
      />
      <TextField
        label={t`Link (optional)`}
        type="url"
        dir="ltr"
        maxLength={300}
        placeholder="https://"
        hint={t`Where a tap on the banner leads. It opens in a new tab.`}
        error={e.link?.message}
        {...form.register('link')}
      />
      <Controller
        control={form.control}
        name="placement"
        render={({ field }) => (
          <Select
            label={t`Where it shows`}
            options={BANNER_PLACEMENTS.map((p) => ({ id: p, name: format.placementLabels[p] }))}
            value={field.value ?? null}
            onChange={(key) => field.onChange(key === null ? undefined : (key as BannerPlacement))}
            error={e.placement?.message}
          />
        )}
      />
      <DayRangeFields control={form.control} errors={e} lastDayHint={lastDayHint} />
    </>
  )
}
