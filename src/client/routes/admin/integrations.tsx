import { createFileRoute } from '@tanstack/react-router'
import { MailSettingsPage } from '../../features/integrations/mail-settings.tsx'
import { PaymentSettingsSection } from '../../features/payments/admin/payment-settings-section.tsx'

export const Route = createFileRoute('/admin/integrations')({
  staticData: { permission: 'integrations.manage' },
  component: IntegrationsPage,
})

/** The mail server first, then online payments. */
function IntegrationsPage() {
  return (
    <>
      <MailSettingsPage />
      <PaymentSettingsSection />
    </>
  )
}
