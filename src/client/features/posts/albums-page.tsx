// /gallery/Index: the college's photo albums, one per news post with pictures (its title and date),
// newest first, from the mirror, so they open offline. An album shows its pictures in a grid that
// opens the lightbox (arrows, buttons, swipe). Pictures are uploaded with their post, several at once
// with progress (the post editor).
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, Images } from 'lucide-react'
import type { Post } from '#shared/posts.schema.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { EmptyState } from '../../ui/empty-state.tsx'
import { TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { ImageGrid } from './image-grid.tsx'
import { PostPicture } from './post-images.tsx'

export type AlbumsSearch = { album?: string }

export function AlbumsPage({ search }: { search: AlbumsSearch }) {
  const { t } = useLingui()
  const ready = useMirrorReady()
  const albums = useLocalQuery(
    async (db) =>
      (await db.posts.orderBy('publish_at').reverse().toArray()).filter(
        (p): p is Post => p.images.length > 0 && !p._sync,
      ),
    [],
  )
  const open = search.album ? albums?.find((a) => a.id === search.album) : undefined
  if (open) return <Album album={open} />
  return (
    <>
      <PageHeader
        title={t`Albums`}
        description={t`The pictures of the college's news, one album per story.`}
      />
      {!albums || (albums.length === 0 && !ready) ? (
        <div
          role="status"
          aria-label={t`Loading the albums…`}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/3]" />
          ))}
        </div>
      ) : albums.length === 0 ? (
        <EmptyState icon={Images} title={t`No albums yet.`}>
          {t`Pictures published with the news appear here, one album per story.`}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t`Albums`}>
          {albums.map((album) => (
            <li key={album.id}>
              <AlbumCard album={album} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function AlbumCard({ album }: { album: Post }) {
  const { t } = useLingui()
  const format = useDateFormat()
  const count = album.images.length
  return (
    <Link
      to="/gallery/Index"
      search={{ album: album.id }}
      className="group flex flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 focus-visible:outline-2 dark:bg-slate-900 dark:ring-slate-800"
      data-testid="album"
    >
      <PostPicture image={album.images[0]!} thumb alt="" className="aspect-[4/3] w-full object-cover" />
      <span className="flex flex-col gap-0.5 p-3">
        <span dir="auto" className="line-clamp-2 font-medium">
          {album.title}
        </span>
        <span className="text-sm text-muted">
          {format(album.publish_at)} · {count === 1 ? t`1 picture` : t`${count} pictures`}
        </span>
      </span>
    </Link>
  )
}

function Album({ album }: { album: Post }) {
  const format = useDateFormat()
  return (
    <>
      <TextLink to="/gallery/Index" search={{}} className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        <Trans>All albums</Trans>
      </TextLink>
      <PageHeader title={album.title} description={format(album.publish_at, 'long')} />
      <ImageGrid images={album.images} label={album.title} className="grid-cols-2 sm:grid-cols-4" />
    </>
  )
}
