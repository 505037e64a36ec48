import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'

export function AvatarPicker({
  current,
  file,
  error,
  onPick,
}: {
  current: string | null
  file: File | undefined
  error: string | undefined
  onPick: (file: File | undefined) => boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const [preview, setPreview] = useState<string>()
  useEffect(() => {
    if (!file) return setPreview(undefined)
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])
  const src = preview ?? current ?? '/default/placeholder.jpeg'
  return (
    <div className="flex items-center gap-4">
      <img
        src={src}
        alt={t`Your avatar`}
        data-testid="avatar-preview"
        className="size-20 rounded-full object-cover ring-2 ring-slate-200"
      />
      <div className="flex flex-col gap-1">
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="peer sr-only"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            if (!onPick(e.target.files?.[0])) e.target.value = ''
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center self-start rounded-lg px-3 text-sm font-medium text-brand ring-1 ring-slate-300 peer-focus-visible:outline-3 peer-focus-visible:outline-brand dark:ring-slate-600"
        >
          <Trans>Choose a photo</Trans>
        </label>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <Trans>JPEG, PNG or WebP, up to 5 MB.</Trans>
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
