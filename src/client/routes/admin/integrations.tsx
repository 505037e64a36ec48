import { createFileRoute } from '@tanstack/react-router'
import { MailSettingsPage } from '../../features/integrations/mail-settings.tsx'

export const Route = createFileRoute('/admin/integrations')({
  staticData: { permission: 'integrations.manage' },
  component: MailSettingsPage,
})
