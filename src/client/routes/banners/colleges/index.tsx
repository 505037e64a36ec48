import { createFileRoute } from '@tanstack/react-router'
import { PlatformBannersPage } from '../../../features/banners/platform-banners-page.tsx'

export const Route = createFileRoute('/banners/colleges/')({
  component: PlatformBannersPage,
})
