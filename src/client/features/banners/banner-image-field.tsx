// A banner's picture in its form: what it looks like as families will see it (a wide 3:1 strip, as the
// server crops it), and a place to drop or pick another. The file goes up when the form is saved.
import { useLingui } from '@lingui/react/macro'
import { ImageOff } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { BANNER_HEIGHT, BANNER_IMAGE_MAX_BYTES, BANNER_WIDTH } from '#shared/banners.schema.ts'
import { labelClass } from '../../ui/field-parts.tsx'
import { FileDropZone } from '../../ui/file-drop-zone.tsx'
import { PICTURE_TYPES } from '../../ui/picture-field.tsx'
import { useObjectUrl } from '../../ui/use-object-url.ts'

/** Why a picture cannot be sent (its type or size), or undefined when it can. */
export function useBannerImageCheck(): (file: File) => string | undefined {
  const { t } = useLingui()
  const megabytes = BANNER_IMAGE_MAX_BYTES / (1024 * 1024)
  return (file) => {
    if (!PICTURE_TYPES.includes(file.type)) return t`Please choose a JPEG, PNG or WebP picture.`
    if (file.size > BANNER_IMAGE_MAX_BYTES) return t`This picture is larger than ${megabytes} MB.`
    return undefined
  }
}

/**
 * The picture a banner form is about to send: the file picked (checked first), its preview, and what
 * is wrong with it. `refuseWithout` stops a submit that has no picture, saying so by the picture.
 */
export function useBannerPicture() {
  const { t } = useLingui()
  const check = useBannerImageCheck()
  const [picked, setPicked] = useState<File>()
  const [error, setError] = useState<string>()
  const preview = useObjectUrl(picked)
  return {
    picked,
    preview,
    error,
    setError,
    /** The picture went up with the banner: nothing is waiting any more. */
    clear: () => setPicked(undefined),
    pick: (file: File) => {
      const problem = check(file)
      setError(problem)
      if (!problem) setPicked(file)
    },
    /** True when the submit was stopped; the other fields are checked meanwhile. */
    refuseWithout: (event: FormEvent, checkFields: () => unknown): boolean => {
      if (picked) return false
      event.preventDefault()
      setError(t`Please choose a picture for the banner.`)
      void checkFields()
      return true
    },
  }
}

export function BannerImageField({
  src,
  picked,
  error,
  isDisabled,
  onPick,
}: {
  /** The picture shown: the one chosen (a preview) or the banner's own. */
  src: string | undefined
  /** A new picture waits to be sent with the form. */
  picked: boolean
  error?: string
  isDisabled?: boolean
  onPick: (file: File) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const megabytes = BANNER_IMAGE_MAX_BYTES / (1024 * 1024)
  const width = BANNER_WIDTH
  const height = BANNER_HEIGHT
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className={`${labelClass} mb-2`}>{t`Picture`}</legend>
      <div className="flex aspect-[3/1] w-full items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
        {src ? (
          <img
            src={src}
            alt={picked ? t`Preview of the new picture` : t`The banner's picture`}
            className="size-full object-cover"
          />
        ) : (
          <ImageOff aria-hidden="true" className="size-6 text-muted" />
        )}
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t`The picture is cropped to a wide 3:1 strip (${width} × ${height} pixels), from its centre: keep what matters in the middle. JPEG, PNG or WebP, up to ${megabytes} MB.`}
      </p>
      <FileDropZone
        label={src ? t`Drop another picture here` : t`Drop the picture here`}
        pickLabel={src ? t`Choose another picture` : t`Choose a picture`}
        accept={PICTURE_TYPES}
        multiple={false}
        isDisabled={isDisabled}
        onFiles={(files) => files[0] && onPick(files[0])}
      />
      {picked && <p className="text-sm text-muted">{t`The new picture is sent when you save.`}</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}
