import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { PostImage } from '#shared/posts.schema.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Lightbox } from './lightbox.tsx'
import { PostPicture } from './post-images.tsx'

/** Every picture of every post on this device, newest post first. */
export function Gallery() {
  const { t } = useLingui()
  const images = useLocalQuery(async (db) => {
    const posts = await db.posts.orderBy('publish_at').reverse().toArray()
    return posts.flatMap((p) => p.images)
  }, [])
  const [open, setOpen] = useState<number>()
  if (!images) return null
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        <Trans>Gallery</Trans>
      </h1>
      {images.length === 0 && (
        <p>
          <Trans>No pictures yet.</Trans>
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {images.map((image: PostImage, index) => (
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
      </div>
      {open !== undefined && (
        <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(undefined)} />
      )}
    </div>
  )
}
