// Adding and editing a banner: its title (also what screen readers say for the picture), an optional
// link, where it shows, its first and last day (the college's days) and its picture. A new banner goes
// up in one request with its picture. An edit sends the fields with the version it started from, then
// the new picture if there is one; if only the picture fails, the fields stay saved and the form says
// so. When someone changed the banner meanwhile, the page shows their version and the form offers it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { type Banner, type BannerInput, bannerInputSchema } from '#shared/banners.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { ConflictAlert } from '../../ui/conflict-alert.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import {
  conflictOf,
  createBanner,
  setBannerImage,
  updateBanner,
  withMessage,
  withoutImageErrors,
} from './banner-actions.ts'
import { BannerFields } from './banner-fields.tsx'
import { BannerImageField, useBannerPicture } from './banner-image-field.tsx'

const FIELDS = ['title', 'link', 'placement', 'starts_on', 'ends_on'] as const

function valuesOf(banner: Banner): BannerInput {
  return {
    title: banner.title,
    link: banner.link,
    placement: banner.placement,
    starts_on: banner.starts_on,
    ends_on: banner.ends_on,
  }
}

export function BannerFormDialog({
  banner,
  onClose,
  onSaved,
  onChange,
  onGone,
}: {
  /** The banner edited; a new one without it. */
  banner?: Banner
  onClose: () => void
  /** Saved, picture included: the banner as the server answered. */
  onSaved: (saved: Banner) => void
  /** A newer copy the page shows meanwhile: the fields saved but not the picture, or someone else's. */
  onChange: (current: Banner) => void
  /** Someone deleted it meanwhile. */
  onGone: (id: string) => void
}) {
  const { t } = useLingui()
  const today = todayIn(useCollegeZone())
  const picture = useBannerPicture()
  // The version this edit started from; after a save or a conflict, the one now on the server.
  const base = useRef(banner?.updated_at ?? '')
  const [shown, setShown] = useState(banner?.image_url)
  const [conflict, setConflict] = useState<{ current: Banner; loaded: boolean }>()

  const imageFailure = (error: unknown) =>
    validationErrorsOf(error)?.image?.[0] ??
    (isNetworkError(error) ? t`The connection was lost.` : errorMessageOf(error)) ??
    t`The server did not take it.`

  const sendImage = async (saved: Banner): Promise<Banner> => {
    if (!picture.picked) return saved
    try {
      const after = await setBannerImage(saved.id, picture.picked)
      base.current = after.updated_at
      setShown(after.image_url)
      picture.clear()
      return after
    } catch (error) {
      onChange(saved)
      const reason = imageFailure(error)
      picture.setError(reason)
      throw withMessage(error, t`The banner is saved, but not its new picture: ${reason}`)
    }
  }

  const saveEdit = async (edited: Banner, values: BannerInput): Promise<Banner> => {
    let saved: Banner
    try {
      saved = await updateBanner(edited.id, values, base.current)
    } catch (error) {
      const current = conflictOf(error)
      if (current === undefined) throw error
      if (current === null) {
        onGone(edited.id)
        throw withMessage(error, t`This banner was deleted meanwhile, so your changes cannot be saved.`)
      }
      base.current = current.updated_at
      setConflict({ current, loaded: false })
      onChange(current)
      throw error
    }
    base.current = saved.updated_at
    return sendImage(saved)
  }

  const form = useServerForm<BannerInput, Banner>({
    schema: bannerInputSchema,
    defaultValues: banner
      ? valuesOf(banner)
      : { title: '', link: '', placement: 'home', starts_on: today, ends_on: '' },
    fields: FIELDS,
    save: async (values) => {
      picture.setError(undefined)
      if (banner) return saveEdit(banner, values)
      try {
        return await createBanner(values, picture.picked!)
      } catch (error) {
        const image = validationErrorsOf(error)?.image?.[0]
        if (image) picture.setError(image)
        throw withoutImageErrors(error)
      }
    },
    savedText: banner ? t`Changes saved.` : t`The banner has been added.`,
    onSaved,
  })

  return (
    <FormDialog
      title={banner ? t`Edit banner` : t`New banner`}
      submitLabel={banner ? t`Save changes` : t`Add banner`}
      pending={form.formState.isSubmitting}
      dirty={form.formState.isDirty || Boolean(picture.picked)}
      error={conflict ? undefined : form.formError}
      onClose={onClose}
      onSubmit={(event) => {
        setConflict(undefined)
        // A new banner needs its picture; an edit keeps the one it has.
        if (!banner && picture.refuseWithout(event, form.trigger)) return
        void form.submit(event)
      }}
      size="lg"
    >
      {form.guard}
      {conflict && (
        <ConflictAlert
          loaded={conflict.loaded}
          onLoad={() => {
            form.reset(valuesOf(conflict.current))
            setShown(conflict.current.image_url)
            setConflict({ ...conflict, loaded: true })
          }}
        >
          <Trans>
            Someone else changed this banner while you were editing it, and the page now shows their version.
            Save again to replace it with yours, or load theirs into the form.
          </Trans>
        </ConflictAlert>
      )}
      <BannerFields
        form={form}
        lastDayHint={t`Families see it from the first day to the last, both included.`}
      />
      <BannerImageField
        src={picture.preview ?? shown}
        picked={Boolean(picture.picked)}
        error={picture.error}
        isDisabled={form.formState.isSubmitting}
        onPick={picture.pick}
      />
    </FormDialog>
  )
}
