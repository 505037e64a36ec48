import { createFileRoute } from '@tanstack/react-router'
import { PostView } from '../../../features/posts/post-view.tsx'

/** /blog/post/{post...}: one post with its gallery. */
export const Route = createFileRoute('/blog/post/$')({
  component: PostPage,
})

function PostPage() {
  const { _splat } = Route.useParams()
  return <PostView id={(_splat ?? '').toLowerCase()} />
}
