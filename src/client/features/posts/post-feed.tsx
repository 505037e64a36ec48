import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { userHasPermission } from '#shared/permissions.ts'
import { userAtom } from '../../platform/session.ts'
import { syncStatusAtom } from '../../platform/sync/sync-status.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { PostCard } from './post-card.tsx'
import { categoriesById, feedQuery } from './post-queries.ts'

const PAGE = 20

/** The news feed, newest first, read from the mirror: instant, and the same offline. */
export function PostFeed({ categorySlug, limit: fixed }: { categorySlug?: string; limit?: number }) {
  const user = useAtomValue(userAtom)
  const status = useAtomValue(syncStatusAtom)
  const [limit, setLimit] = useState(fixed ?? PAGE)
  const category = useLocalQuery(
    (db) =>
      categorySlug
        ? db.post_categories.where('slug').equals(categorySlug).first()
        : Promise.resolve(undefined),
    [categorySlug],
  )
  const categoryId = categorySlug ? (category?.id ?? -1) : undefined
  const posts = useLocalQuery(feedQuery(limit + 1, categoryId), [limit, categoryId])
  const names = useLocalQuery(categoriesById, [], new Map<number, string>())
  const canPublish = userHasPermission(user, 'posts.publish')

  if (!posts) {
    return (
      <p role="status" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const visible = posts.slice(0, limit)
  return (
    <div className="flex flex-col gap-4">
      {categorySlug && category && <h2 className="text-xl font-semibold">{category.name}</h2>}
      {visible.length === 0 && (
        <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <p>
            {status.pulling || status.lastPulledAt === undefined ? (
              <Trans>Looking for news…</Trans>
            ) : (
              <Trans>There is no news yet.</Trans>
            )}
          </p>
          {canPublish && !fixed && (
            <Link to="/blog/new-post" className="mt-3 inline-block text-brand underline">
              <Trans>Write the first post</Trans>
            </Link>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {visible.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            categoryName={post.category_id ? names?.get(post.category_id) : undefined}
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
