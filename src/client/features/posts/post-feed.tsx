import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Newspaper } from 'lucide-react'
import { useState } from 'react'
import { userHasPermission } from '#shared/permissions.ts'
import { targetNames } from '../../platform/audience.ts'
import { userAtom } from '../../platform/session.ts'
import { useMirrorReady } from '../../platform/sync/mirror-ready.ts'
import { type Remember, useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { PostCard } from './post-card.tsx'
import { categoriesById, feedQuery, readPostIds } from './post-queries.ts'

const PAGE = 20

/** The news feed, newest first, read from the mirror: instant, and the same offline. */
/** `categoryId`: only that category's posts (-1 for a category this device does not know). */
export function PostFeed({ categoryId, limit: fixed }: { categoryId?: number; limit?: number }) {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  const ready = useMirrorReady()
  const [limit, setLimit] = useState(fixed ?? PAGE)
  // Home's few (`fixed`) are what the app opens on: kept for the next start (kept-answers.ts).
  const kept = (name: string): Remember => (fixed ? { name, acrossStarts: true } : name)
  const posts = useLocalQuery(
    feedQuery(limit + 1, categoryId),
    [limit, categoryId],
    undefined,
    kept('post-feed:posts'),
  )
  const categories = useLocalQuery(
    categoriesById,
    [],
    new Map<number, string>(),
    kept('post-feed:categories'),
  )
  const names = useLocalQuery(targetNames, [], undefined, kept('post-feed:targets'))
  const read = useLocalQuery(readPostIds, [], new Set<string>(), kept('post-feed:read'))
  const canPublish = userHasPermission(user, 'posts.publish')

  if (!posts || (posts.length === 0 && !ready)) {
    return <SkeletonList count={fixed ? Math.min(fixed, 3) : 3} label={t`Loading the news…`} />
  }
  const visible = posts.slice(0, limit)
  if (visible.length === 0) {
    return (
      <EmptyState
        icon={Newspaper}
        title={t`There is no news yet.`}
        action={
          canPublish &&
          !fixed && (
            <ButtonLink to="/blog/new-post">
              <Trans>Write the first post</Trans>
            </ButtonLink>
          )
        }
      >
        <Trans>
          When the college publishes something for you, it appears here, even without a connection.
        </Trans>
      </EmptyState>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {visible.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            names={names}
            unread={post.author.id !== user?.id && !read?.has(post.id) && !post._sync}
            categoryName={post.category_id ? categories?.get(post.category_id) : undefined}
          />
        ))}
      </div>
      {!fixed && posts.length > limit && (
        <Button variant="secondary" className="self-center" onClick={() => setLimit((n) => n + PAGE)}>
          <Trans>Show more</Trans>
        </Button>
      )}
    </div>
  )
}
