// A business's photo as a small square (a shop icon when it has none, or when the picture fails),
// and the check a picture passes before it goes up.
import { useLingui } from '@lingui/react/macro'
import { Store } from 'lucide-react'
import { useState } from 'react'
import { PYME_PHOTO_MAX_BYTES } from '#shared/benefits.schema.ts'
import { PICTURE_TYPES } from '../../ui/picture-field.tsx'

export function PymeThumb({ src, className = 'size-10' }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const frame = `${className} flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700`
  if (src && failed !== src)
    return (
      <span className={frame}>
        <img
          src={src}
          alt=""
          loading="lazy"
          onError={() => setFailed(src)}
          className="size-full object-cover"
        />
      </span>
    )
  return (
    <span aria-hidden="true" className={frame}>
      <Store className="size-5 text-muted" />
    </span>
  )
}

/** Why a picture cannot be sent (its type or size), or undefined when it can. */
export function usePictureCheck(): (file: File) => string | undefined {
  const { t } = useLingui()
  const megabytes = PYME_PHOTO_MAX_BYTES / (1024 * 1024)
  return (file) => {
    if (!PICTURE_TYPES.includes(file.type)) return t`Please choose a JPEG, PNG or WebP picture.`
    if (file.size > PYME_PHOTO_MAX_BYTES) return t`This picture is larger than ${megabytes} MB.`
    return undefined
  }
}
