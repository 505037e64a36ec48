import { createFileRoute } from '@tanstack/react-router'
import { ArticleList } from '../../../features/posts/article-list.tsx'

export const Route = createFileRoute('/blog/articles/')({
  staticData: { permission: 'posts.publish' },
  component: ArticleList,
})
