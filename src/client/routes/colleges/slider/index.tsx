import { createFileRoute } from '@tanstack/react-router'
import { CollegeSlider } from '../../../features/colleges/college-slider.tsx'

export const Route = createFileRoute('/colleges/slider/')({ component: CollegeSlider })
