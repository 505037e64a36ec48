import { createFileRoute } from '@tanstack/react-router'
import { CollegeHub } from '../../features/colleges/college-hub.tsx'

export const Route = createFileRoute('/college/')({
  component: CollegeHub,
})
