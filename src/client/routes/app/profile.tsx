import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { KeptDocuments } from '../../features/documents/kept-documents.tsx'
import { CalendarSubscription } from '../../features/events/calendar-subscription.tsx'
import { PushSettings } from '../../features/notifications/push-settings.tsx'
import { PasswordForm } from '../../features/profile/password-form.tsx'
import { ProfileForm } from '../../features/profile/profile-form.tsx'
import { userAtom } from '../../platform/session.ts'
import { PageHeader } from '../../ui/page-header.tsx'

export const Route = createFileRoute('/app/profile')({
  component: ProfilePage,
})

function ProfilePage() {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  return (
    <>
      <PageHeader
        title={t`Profile`}
        description={t`Your details as the college sees them, and your password.`}
      />
      <section className="card p-5 sm:p-6">
        <ProfileForm />
      </section>
      <section className="card p-5 sm:p-6">
        <PasswordForm />
      </section>
      {user?.college_id != null && (
        <div className="card p-5 sm:p-6">
          <PushSettings />
        </div>
      )}
      {user?.college_id != null && (
        <div className="card p-5 sm:p-6">
          <CalendarSubscription />
        </div>
      )}
      {user?.college_id != null && (
        <div className="card p-5 sm:p-6">
          <KeptDocuments />
        </div>
      )}
    </>
  )
}
