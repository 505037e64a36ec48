import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { ImageGrid } from './image-grid.tsx'
import { deletePost, markPostRead } from './post-actions.ts'
import { ReadReportPanel } from './read-report.tsx'
import { SyncBadge } from './sync-badge.tsx'

export function PostView({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const post = useLocalQuery((db) => db.posts.get(id), [id], undefined)
  const category = useLocalQuery(
    (db) => (post?.category_id ? db.post_categories.get(post.category_id) : Promise.resolve(undefined)),
    [post?.category_id],
  )
  const exists = Boolean(post)
  useEffect(() => {
    if (exists) void markPostRead(id)
  }, [id, exists])

  if (post === undefined) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status">
          <Trans>
            This post is not on this device. It may have been removed, or it will appear after the next sync.
          </Trans>
        </p>
        <Link to="/blog" className="text-brand underline">
          <Trans>Back to the news</Trans>
        </Link>
      </div>
    )
  }
  const mine = user && (post.author.id === user.id || user.role === 'admin')
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(post.publish_at),
  )
  const remove = async () => {
    if (!window.confirm(t`Delete this post? Families will no longer see it.`)) return
    await deletePost(post.id)
    await navigate({ to: '/blog/articles' })
  }
  return (
    <article className="flex flex-col gap-4">
      <Link to="/blog" className="text-sm text-brand underline">
        <Trans>Back to the news</Trans>
      </Link>
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={post.publish_at}>{date}</time>
          {category && <span>· {category.name}</span>}
          <span>· {post.author.name}</span>
          <SyncBadge state={post._sync} />
        </div>
        <h1 className="text-2xl font-semibold">{post.title}</h1>
      </header>
      {/* Content is sanitised by the server to an allow-list before it is ever stored. */}
      <div
        className="prose-post flex flex-col gap-3 leading-relaxed"
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {post.images.length > 0 && (
        <ImageGrid images={post.images} label={t`Gallery`} className="grid-cols-2 sm:grid-cols-3" />
      )}
      {mine && (
        <footer className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          {!post._sync && <ReadReportPanel postId={post.id} />}
          <div className="flex gap-2">
            <Link
              to="/blog/new-post"
              search={{ edit: post.id }}
              className="inline-flex min-h-11 items-center rounded-lg px-4 ring-1 ring-slate-300 dark:ring-slate-600"
            >
              <Trans>Edit</Trans>
            </Link>
            <Button variant="danger" onClick={() => void remove()}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        </footer>
      )}
    </article>
  )
}
