import { Trans, useLingui } from '@lingui/react/macro'
import { FileTrigger } from 'react-aria-components'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Avatar } from '../../ui/avatar.tsx'
import { useObjectUrl } from '../../ui/use-object-url.ts'

export function AvatarPicker({
  name,
  current,
  file,
  error,
  onPick,
}: {
  name: string
  current: string | null
  file: File | undefined
  error: string | undefined
  onPick: (file: File | undefined) => boolean
}) {
  const { t } = useLingui()
  const preview = useObjectUrl(file)
  const src = preview ?? current
  return (
    <div className="flex items-center gap-4">
      {src ? (
        <img
          src={src}
          alt={t`Your avatar`}
          data-testid="avatar-preview"
          className="size-20 rounded-full object-cover ring-2 ring-slate-200 dark:ring-slate-700"
        />
      ) : (
        <Avatar name={name} size="lg" className="size-20" />
      )}
      <div className="flex flex-col gap-1.5">
        <FileTrigger
          acceptedFileTypes={['image/jpeg', 'image/png', 'image/webp']}
          onSelect={(files) => onPick(files?.[0])}
        >
          <AriaButton variant="secondary" size="sm" className="self-start">
            <Trans>Choose a photo</Trans>
          </AriaButton>
        </FileTrigger>
        <p className="text-sm text-muted">
          <Trans>JPEG, PNG or WebP, up to 5 MB.</Trans>
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
