import { createFileRoute } from '@tanstack/react-router'
import { BannersPage } from '../../features/banners/banners-page.tsx'

export const Route = createFileRoute('/banner/')({
  component: BannersPage,
})
