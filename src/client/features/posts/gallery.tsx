import { Trans } from '@lingui/react/macro'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { ImageGrid } from './image-grid.tsx'

/** Every picture of every post on this device, newest post first. */
export function Gallery() {
  const images = useLocalQuery(async (db) => {
    const posts = await db.posts.orderBy('publish_at').reverse().toArray()
    return posts.flatMap((p) => p.images)
  }, [])
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
      <ImageGrid images={images} className="grid-cols-2 sm:grid-cols-4" />
    </div>
  )
}
