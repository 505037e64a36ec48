import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ArrowLeft, FileQuestion, Pencil, Trash2 } from 'lucide-react'
import { useEffect } from 'react'
import { targetNames } from '../../platform/audience.ts'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { ReadReportPanel } from '../../ui/read-report.tsx'
import { ImageGrid } from './image-grid.tsx'
import { deletePost, markPostRead } from './post-actions.ts'
import { PostBadges, PostByline } from './post-meta.tsx'

function BackToNews() {
  return (
    <TextLink to="/blog" className="inline-flex items-center gap-1 self-start text-sm">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      <Trans>Back to the news</Trans>
    </TextLink>
  )
}

export function PostView({ id }: { id: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const { confirm, dialog } = useConfirm()
  const post = useLocalQuery((db) => db.posts.get(id), [id], undefined)
  const names = useLocalQuery(targetNames, [])
  const category = useLocalQuery(
    (db) => (post?.category_id ? db.post_categories.get(post.category_id) : Promise.resolve(undefined)),
    [post?.category_id],
  )
  const own = Boolean(post && user && post.author.id === user.id)
  const exists = Boolean(post)
  useEffect(() => {
    // An author opening their own post is not a reader; nothing to report (or to send).
    if (exists && !own) void markPostRead(id)
  }, [id, exists, own])

  if (post === undefined) {
    return (
      <>
        <BackToNews />
        <EmptyState icon={FileQuestion} title={t`This post is not on this device`}>
          <Trans>It may have been removed, or it will appear after the next sync.</Trans>
        </EmptyState>
      </>
    )
  }
  const mine = user && (own || user.role === 'admin')
  const remove = async () => {
    const ok = await confirm({
      title: t`Delete this post?`,
      body: t`Families will no longer see it.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    await deletePost(post.id)
    await navigate({ to: '/blog/articles' })
  }
  return (
    <article className="flex flex-col gap-5">
      <BackToNews />
      <header className="flex flex-col gap-4">
        <h1
          dir="auto"
          className="text-3xl leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        >
          {post.title}
        </h1>
        <PostByline post={post} categoryName={category?.name} dateStyle="long" />
        <PostBadges post={post} names={names} />
      </header>
      {/* Content is sanitised by the server to an allow-list before it is ever stored. */}
      <div
        dir="auto"
        data-testid="post-content"
        className="rich-text max-w-prose"
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {post.images.length > 0 && (
        <ImageGrid images={post.images} label={t`Gallery`} className="grid-cols-2 sm:grid-cols-3" />
      )}
      {mine && (
        <footer className="flex flex-col gap-4 border-t border-slate-200 pt-5 dark:border-slate-800">
          {!post._sync && <ReadReportPanel path={`api/v1/posts/${post.id}/reads`} />}
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/blog/new-post" search={{ edit: post.id }} variant="secondary">
              <Pencil aria-hidden="true" className="size-4" />
              <Trans>Edit</Trans>
            </ButtonLink>
            <AriaButton variant="danger" onPress={() => void remove()}>
              <Trash2 aria-hidden="true" className="size-4" />
              <Trans>Delete</Trans>
            </AriaButton>
          </div>
        </footer>
      )}
      {dialog}
    </article>
  )
}
