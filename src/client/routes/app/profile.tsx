import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PasswordForm } from '../../features/profile/password-form.tsx'
import { ProfileForm } from '../../features/profile/profile-form.tsx'

export const Route = createFileRoute('/app/profile')({
  component: ProfilePage,
})

function ProfilePage() {
  const { t } = useLingui()
  return (
    <div className="flex flex-col gap-10">
      <h1 className="text-2xl font-semibold">{t`Profile`}</h1>
      <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <ProfileForm />
      </section>
      <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <PasswordForm />
      </section>
    </div>
  )
}
