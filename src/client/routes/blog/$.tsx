import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostFeed } from '../../features/posts/post-feed.tsx'

/** /blog/{category...}: the rest of the path is the category. */
export const Route = createFileRoute('/blog/$')({
  component: CategoryPage,
})

function CategoryPage() {
  const { _splat } = Route.useParams()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        <Trans>News</Trans>
      </h1>
      <PostFeed categorySlug={_splat ?? ''} />
    </div>
  )
}
