import { createFileRoute } from '@tanstack/react-router'
import { CollegeSocial } from '../../../features/colleges/college-social.tsx'

export const Route = createFileRoute('/colleges/social/')({ component: CollegeSocial })
