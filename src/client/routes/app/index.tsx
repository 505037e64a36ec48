import { createFileRoute } from '@tanstack/react-router'
import { AppHome } from '../../features/home/app-home.tsx'

export const Route = createFileRoute('/app/')({
  component: AppHome,
})
