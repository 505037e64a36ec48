import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostFeed } from '../../features/posts/post-feed.tsx'

export const Route = createFileRoute('/blog/')({
  component: () => (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">
        <Trans>News</Trans>
      </h1>
      <PostFeed />
    </div>
  ),
})
