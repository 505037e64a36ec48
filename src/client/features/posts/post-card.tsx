import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { LocalPost } from '../../platform/sync/local-db.ts'
import { PostPicture } from './post-images.tsx'
import { excerpt } from './post-text.ts'
import { SyncBadge } from './sync-badge.tsx'

export function PostCard({ post, categoryName }: { post: LocalPost; categoryName?: string }) {
  const { i18n } = useLingui()
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(post.publish_at))
  const cover = post.images[0]
  return (
    <article className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      {cover && <PostPicture image={cover} thumb alt="" className="aspect-video w-full object-cover" />}
      <div className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={post.publish_at}>{date}</time>
          {categoryName && <span>· {categoryName}</span>}
          <SyncBadge state={post._sync} />
        </div>
        <h2 className="text-lg font-semibold">
          <Link to="/blog/post/$" params={{ _splat: post.id }} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-slate-700 dark:text-slate-300">{excerpt(post.content)}</p>
      </div>
    </article>
  )
}
