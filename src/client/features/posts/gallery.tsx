import { useLingui } from '@lingui/react/macro'
import { FolderOpen, Images } from 'lucide-react'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { ImageGrid } from './image-grid.tsx'

/** Every picture of every post on this device, newest post first. */
export function Gallery() {
  const { t } = useLingui()
  const ready = useMirrorReady()
  const images = useLocalQuery(async (db) => {
    const posts = await db.posts.orderBy('publish_at').reverse().toArray()
    return posts.flatMap((p) => p.images)
  }, [])
  return (
    <>
      <PageHeader
        title={t`Gallery`}
        description={t`The pictures of the college's news.`}
        actions={
          <ButtonLink to="/gallery/Index" variant="secondary">
            <FolderOpen aria-hidden="true" className="size-4" />
            {t`By album`}
          </ButtonLink>
        }
      />
      {!images || (images.length === 0 && !ready) ? (
        <div
          role="status"
          aria-label={t`Loading the pictures…`}
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : images.length === 0 ? (
        <EmptyState icon={Images} title={t`No pictures yet.`}>
          {t`Pictures published with the news appear here.`}
        </EmptyState>
      ) : (
        <ImageGrid images={images} className="grid-cols-2 sm:grid-cols-4" />
      )}
    </>
  )
}
