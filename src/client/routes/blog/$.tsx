import { createFileRoute } from '@tanstack/react-router'
import { NewsPage } from '../../features/posts/news-page.tsx'

/** /blog/{category...}: the rest of the path is the category. */
export const Route = createFileRoute('/blog/$')({
  component: CategoryPage,
})

function CategoryPage() {
  const { _splat } = Route.useParams()
  return <NewsPage categorySlug={_splat ?? ''} />
}
