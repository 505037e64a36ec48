// Adding and editing a promotion of a business: what it offers, from which day to which (the
// college's days), its conditions and a picture. The picture goes up once the promotion is saved
// (a new one needs its id first); if only the picture fails, the promotion stays saved and the form
// says so, and saving again sends the picture to the same promotion.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import {
  type Promotion,
  type PromotionInput,
  type Pyme,
  promotionInputSchema,
} from '#shared/benefits.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { DayRangeFields } from '../../ui/day-range-fields.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { PictureField } from '../../ui/picture-field.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { useObjectUrl } from '../../ui/use-object-url.ts'
import {
  addedPromotion,
  createPromotion,
  setPromotionImage,
  updatePromotion,
  withMessage,
} from './pyme-actions.ts'
import { usePictureCheck } from './pyme-photo.tsx'

const FIELDS = ['title', 'discount', 'description', 'starts_on', 'ends_on', 'conditions'] as const

export function PromotionFormDialog({
  pyme,
  promotion,
  onClose,
  onSaved,
  onChange,
}: {
  pyme: Pyme
  /** The promotion edited; a new one without it. */
  promotion?: Promotion
  onClose: () => void
  /** Saved, picture included: the business as the server answered. */
  onSaved: (saved: Pyme) => void
  /** Saved in part (the promotion, not yet its picture): the page shows it meanwhile. */
  onChange: (saved: Pyme) => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const checkPicture = usePictureCheck()
  // The promotion on the server: the one edited, or the one this form created on a first save.
  const target = useRef(promotion?.id)
  const [picked, setPicked] = useState<File>()
  const [removing, setRemoving] = useState(false)
  const [imageError, setImageError] = useState<string>()
  const preview = useObjectUrl(picked)

  const sendPicture = async (saved: Pyme, id: string): Promise<Pyme> => {
    const hadImage = saved.promotions.find((p) => p.id === id)?.image_url
    if (!picked && !(removing && hadImage)) return saved
    try {
      const after = await setPromotionImage(pyme.id, id, picked ?? null)
      setPicked(undefined)
      setRemoving(false)
      return after
    } catch (error) {
      onChange(saved)
      const reason =
        validationErrorsOf(error)?.image?.[0] ??
        (isNetworkError(error) ? t`The connection was lost.` : errorMessageOf(error)) ??
        t`The server did not take it.`
      setImageError(reason)
      throw withMessage(error, t`The promotion is saved, but not its picture: ${reason}`)
    }
  }

  const form = useServerForm<PromotionInput, Pyme>({
    schema: promotionInputSchema,
    defaultValues: promotion
      ? {
          title: promotion.title,
          discount: promotion.discount,
          description: promotion.description,
          starts_on: promotion.starts_on,
          ends_on: promotion.ends_on,
          conditions: promotion.conditions,
        }
      : { title: '', discount: '', description: '', starts_on: today, ends_on: '', conditions: '' },
    fields: FIELDS,
    save: async (values) => {
      setImageError(undefined)
      let saved: Pyme
      if (target.current) saved = await updatePromotion(pyme.id, target.current, values)
      else {
        saved = await createPromotion(pyme.id, values)
        target.current = addedPromotion(pyme, saved, values.title ?? '')?.id
      }
      return target.current ? sendPicture(saved, target.current) : saved
    },
    savedText: promotion ? t`Promotion saved.` : t`The promotion has been added.`,
    onSaved,
  })
  const e = form.formState.errors
  const current = removing ? null : (promotion?.image_url ?? null)

  return (
    <FormDialog
      title={promotion ? t`Edit promotion` : t`New promotion`}
      submitLabel={promotion ? t`Save changes` : t`Add promotion`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty || Boolean(picked) || removing}
      error={form.formError}
      onClose={onClose}
      onSubmit={(event) => void form.submit(event)}
      size="lg"
    >
      {form.guard}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          label={t`Title`}
          autoFocus
          maxLength={120}
          placeholder={t`Back-to-school discount`}
          error={e.title?.message}
          {...form.register('title')}
        />
        <TextField
          label={t`Discount`}
          maxLength={40}
          placeholder={t`15%, 2x1, $5,000 off`}
          error={e.discount?.message}
          {...form.register('discount')}
        />
      </div>
      <TextArea
        label={t`Description (optional)`}
        rows={3}
        maxLength={1000}
        error={e.description?.message}
        {...form.register('description')}
      />
      <DayRangeFields
        control={form.control}
        errors={e}
        lastDayHint={t`Families see it in Benefits from the first day to the last, both included.`}
      />
      <TextArea
        label={t`Conditions (optional)`}
        rows={2}
        maxLength={1000}
        placeholder={t`Show the school app at the till. Not valid with other offers.`}
        error={e.conditions?.message}
        {...form.register('conditions')}
      />
      <PictureField
        label={t`Picture (optional)`}
        hint={t`JPEG, PNG or WebP. Wide pictures work best.`}
        src={preview ?? current}
        busy={form.formState.isSubmitting}
        error={imageError}
        onPick={(file) => {
          const problem = checkPicture(file)
          setImageError(problem)
          if (problem) return
          setPicked(file)
          setRemoving(false)
        }}
        onRemove={() => {
          setPicked(undefined)
          setRemoving(true)
          setImageError(undefined)
        }}
      />
      {(picked || (removing && promotion?.image_url)) && (
        <p className="text-sm text-muted">
          {picked ? (
            <Trans>The new picture is sent when you save.</Trans>
          ) : (
            <Trans>The picture is removed when you save.</Trans>
          )}
        </p>
      )}
    </FormDialog>
  )
}
