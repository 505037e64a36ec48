import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { deletePost } from './post-actions.ts'
import { SyncBadge } from './sync-badge.tsx'

/** The staff's list of posts: their own (all of them for admins), with edit and delete. */
export function ArticleList() {
  const { t, i18n } = useLingui()
  const user = useAtomValue(userAtom)
  const posts = useLocalQuery(
    async (db) => {
      const all = await db.posts.orderBy('publish_at').reverse().toArray()
      return user?.role === 'admin' ? all : all.filter((p) => p.author.id === user?.id)
    },
    [user?.id, user?.role],
  )
  const now = new Date().toISOString()
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })
  const remove = async (id: string) => {
    if (window.confirm(t`Delete this post? Families will no longer see it.`)) await deletePost(id)
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>Articles</Trans>
        </h1>
        <Link
          to="/blog/articles/new-article"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-medium text-white"
        >
          <Trans>New article</Trans>
        </Link>
      </div>
      {posts?.length === 0 && (
        <p>
          <Trans>You have not written any articles yet.</Trans>
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {posts?.map((post) => (
          <li
            key={post.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <div className="flex flex-col gap-1">
              <Link to="/blog/post/$" params={{ _splat: post.id }} className="font-medium hover:underline">
                {post.title}
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                {post.publish_at > now
                  ? t`Scheduled for ${date.format(new Date(post.publish_at))}`
                  : date.format(new Date(post.publish_at))}
                <SyncBadge state={post._sync} />
              </span>
            </div>
            <div className="flex gap-2">
              <Link
                to="/blog/new-post"
                search={{ edit: post.id }}
                className="inline-flex min-h-11 items-center rounded-lg px-3 ring-1 ring-slate-300 dark:ring-slate-600"
              >
                <Trans>Edit</Trans>
              </Link>
              <Button
                variant="secondary"
                onClick={() => void remove(post.id)}
                aria-label={t`Delete ${post.title}`}
              >
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
