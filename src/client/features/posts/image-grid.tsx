import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { PostImage } from '#shared/posts.schema.ts'
import { Lightbox } from './lightbox.tsx'
import { PostPicture } from './post-images.tsx'

/** Thumbnails that open the lightbox, for a post's gallery and for the whole gallery. */
export function ImageGrid({
  images,
  label,
  className,
}: {
  images: PostImage[]
  label?: string
  className: string
}) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number>()
  return (
    <>
      <section aria-label={label} className={`grid gap-2 ${className}`}>
        {images.map((image, index) => (
          <button
            key={image.id}
            type="button"
            onClick={() => setOpen(index)}
            className="overflow-hidden rounded-lg"
          >
            <PostPicture
              image={image}
              thumb
              alt={t`Open picture ${index + 1}`}
              className="aspect-square w-full object-cover"
            />
          </button>
        ))}
      </section>
      {open !== undefined && (
        <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(undefined)} />
      )}
    </>
  )
}
