import { createFileRoute } from '@tanstack/react-router'
import { NewsPage } from '../../features/posts/news-page.tsx'

export const Route = createFileRoute('/blog/')({
  component: () => <NewsPage />,
})
