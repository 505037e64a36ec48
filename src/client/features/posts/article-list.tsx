import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { FilePen, Pencil, Plus, Trash2 } from 'lucide-react'
import { useDateFormat } from '../../platform/dates.ts'
import { userAtom } from '../../platform/session.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { deletePost } from './post-actions.ts'
import { SyncBadge } from './sync-badge.tsx'

/** The staff's list of posts: their own (all of them for admins), with edit and delete. */
export function ArticleList() {
  const { t } = useLingui()
  const format = useDateFormat()
  const user = useAtomValue(userAtom)
  const ready = useMirrorReady()
  const { confirm, dialog } = useConfirm()
  const posts = useLocalQuery(
    async (db) => {
      const all = await db.posts.orderBy('publish_at').reverse().toArray()
      return user?.role === 'admin' ? all : all.filter((p) => p.author.id === user?.id)
    },
    [user?.id, user?.role],
  )
  const now = new Date().toISOString()
  const remove = async (id: string, title: string) => {
    const ok = await confirm({
      title: t`Delete "${title}"?`,
      body: t`Families will no longer see it.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (ok) await deletePost(id)
  }
  const newArticle = (
    <ButtonLink to="/blog/articles/new-article">
      <Plus aria-hidden="true" className="size-4" />
      <Trans>New article</Trans>
    </ButtonLink>
  )
  return (
    <>
      <PageHeader
        title={t`Articles`}
        description={t`What you have published or scheduled.`}
        actions={newArticle}
      />
      {!posts || (posts.length === 0 && !ready) ? (
        <SkeletonList label={t`Loading your articles…`} />
      ) : posts.length === 0 ? (
        <EmptyState icon={FilePen} title={t`You have not written any articles yet.`} action={newArticle} />
      ) : (
        <ul className="card divide-y divide-slate-100 dark:divide-slate-800">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex min-w-0 flex-col gap-1">
                <Link
                  to="/blog/post/$"
                  params={{ _splat: post.id }}
                  dir="auto"
                  className="truncate font-semibold hover:underline"
                >
                  {post.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  {post.publish_at > now ? (
                    <Badge tone="info">{t`Scheduled for ${format(post.publish_at, 'dateTime')}`}</Badge>
                  ) : (
                    format(post.publish_at, 'dateTime')
                  )}
                  <SyncBadge state={post._sync} />
                </span>
              </div>
              <div className="flex gap-1">
                <ButtonLink to="/blog/new-post" search={{ edit: post.id }} variant="ghost" size="sm">
                  <Pencil aria-hidden="true" className="size-4" />
                  <Trans>Edit</Trans>
                </ButtonLink>
                <IconButton
                  label={t`Delete ${post.title}`}
                  size="sm"
                  onPress={() => void remove(post.id, post.title)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </>
  )
}
