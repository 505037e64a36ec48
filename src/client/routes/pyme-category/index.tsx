import { createFileRoute } from '@tanstack/react-router'
import { CategoriesPage } from '../../features/companies/categories-page.tsx'

export const Route = createFileRoute('/pyme-category/')({
  component: CategoriesPage,
})
