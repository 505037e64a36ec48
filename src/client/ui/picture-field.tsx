import { useLingui } from '@lingui/react/macro'
import { ImageOff, Trash2, Upload } from 'lucide-react'
import { FileTrigger } from 'react-aria-components'
import { AriaButton } from './aria-button.tsx'
import { labelClass } from './field-parts.tsx'

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp']

/**
 * A picture the college shows (a logo, a cover): what is there now, a button to change it, and one
 * to remove it. The file goes up as soon as it is chosen; `busy` while it does.
 */
export function PictureField({
  label,
  hint,
  src,
  onPick,
  onRemove,
  busy,
  error,
  shape = 'wide',
}: {
  label: string
  hint?: string
  src: string | null
  onPick: (file: File) => void
  onRemove?: () => void
  busy?: boolean
  error?: string
  shape?: 'square' | 'wide' | 'tall'
}) {
  const { t } = useLingui()
  const frame = { square: 'size-24', wide: 'h-24 w-40', tall: 'h-32 w-20' }[shape]
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className={`${labelClass} mb-2`}>{label}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={`${frame} flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700`}
        >
          {src ? (
            <img src={src} alt="" className="size-full object-cover" />
          ) : (
            <ImageOff aria-hidden="true" className="size-6 text-muted" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <FileTrigger acceptedFileTypes={PICTURE_TYPES} onSelect={(files) => files?.[0] && onPick(files[0])}>
            <AriaButton
              variant="secondary"
              size="sm"
              isPending={busy}
              aria-label={src ? t`Change: ${label}` : t`Add: ${label}`}
            >
              <Upload aria-hidden="true" className="size-4" />
              {src ? t`Change` : t`Add`}
            </AriaButton>
          </FileTrigger>
          {src && onRemove && (
            <AriaButton
              variant="ghost"
              size="sm"
              isDisabled={busy}
              onPress={onRemove}
              aria-label={t`Remove: ${label}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t`Remove`}
            </AriaButton>
          )}
        </div>
      </div>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}
