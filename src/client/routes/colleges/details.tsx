import { createFileRoute } from '@tanstack/react-router'
import { CollegeDetails } from '../../features/colleges/college-details.tsx'

export const Route = createFileRoute('/colleges/details')({ component: CollegeDetails })
