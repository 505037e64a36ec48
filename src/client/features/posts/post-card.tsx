import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Names } from '../../platform/audience.ts'
import type { LocalPost } from '../../platform/sync/local-db.ts'
import { PostPicture } from './post-images.tsx'
import { PostBadges, PostByline } from './post-meta.tsx'
import { excerpt } from './post-text.ts'

/** A post in the feed: the whole card opens it; the title is the link. */
export function PostCard({
  post,
  categoryName,
  names,
  unread,
}: {
  post: LocalPost
  categoryName?: string
  names: Names | undefined
  unread: boolean
}) {
  const cover = post.images[0]
  return (
    <article className="card group relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-ink hover:shadow-md">
      {cover && (
        <PostPicture
          image={cover}
          thumb
          alt=""
          className="aspect-[16/9] w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <PostByline post={post} categoryName={categoryName} />
          {unread && (
            <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-ink">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand" />
              <Trans>New</Trans>
            </span>
          )}
        </div>
        <h2 className="text-lg leading-snug font-semibold text-slate-900 dark:text-white">
          <Link
            to="/blog/post/$"
            params={{ _splat: post.id }}
            dir="auto"
            className="outline-none after:absolute after:inset-0 group-hover:underline"
          >
            {post.title}
          </Link>
        </h2>
        <p dir="auto" className="line-clamp-3 text-slate-700 dark:text-slate-300">
          {excerpt(post.content)}
        </p>
        <div className="mt-auto">
          <PostBadges post={post} names={names} />
        </div>
      </div>
    </article>
  )
}
