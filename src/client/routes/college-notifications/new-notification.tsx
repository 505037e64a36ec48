import { createFileRoute } from '@tanstack/react-router'
import { SendForm } from '../../features/notifications/sends/send-form.tsx'

export const Route = createFileRoute('/college-notifications/new-notification')({ component: SendForm })
