import { createFileRoute } from '@tanstack/react-router'
import { CollegeHistory } from '../../../features/colleges/college-history.tsx'

export const Route = createFileRoute('/colleges/history/')({ component: CollegeHistory })
