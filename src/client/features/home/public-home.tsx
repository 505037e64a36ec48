import { Trans } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { BellRing, type LucideIcon, Smartphone, WifiOff } from 'lucide-react'
import { lazy, type ReactNode, Suspense } from 'react'
import { collegeAtom } from '../../platform/college.ts'
import { BackgroundImage } from '../../ui/background-image.tsx'
import { CollegeMark } from '../../ui/college-mark.tsx'
import { LanguageMenu } from '../../ui/language-menu.tsx'
import { ButtonLink } from '../../ui/link.tsx'
import { ThemeMenu } from '../../ui/theme-menu.tsx'

function Feature({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon
  title: ReactNode
  children: ReactNode
}) {
  return (
    <div className="card flex flex-col gap-2 p-5">
      <span className="flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand-ink">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 className="font-semibold">{title}</h2>
      <p className="text-slate-700 dark:text-slate-300">{children}</p>
    </div>
  )
}

// The college's own content comes after the first paint, with its code: the page opens at once.
const PublicContent = lazy(() => import('./public-content.tsx'))

export function PublicHome() {
  const college = useAtomValue(collegeAtom)
  return (
    <div className="min-h-dvh">
      <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <CollegeMark className="text-lg" />
        <div className="flex flex-wrap gap-2">
          <LanguageMenu />
          <ThemeMenu />
        </div>
      </header>
      <main>
        <BackgroundImage src={college.image} className="relative">
          <div className="bg-slate-950/65 px-6 py-20 text-center text-white sm:py-28">
            <h1 dir="auto" className="text-3xl font-bold tracking-tight sm:text-5xl">
              {college.name}
            </h1>
            <p className="mx-auto mt-4 max-w-xl text-lg text-slate-100">
              <Trans>
                News, events, notifications, documents and fees of your school in one place, even without a
                connection.
              </Trans>
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <ButtonLink to="/auth/login" variant="secondary" className="!bg-white !text-slate-900">
                <Trans>Sign in</Trans>
              </ButtonLink>
              <ButtonLink
                to="/auth/signup-no"
                variant="ghost"
                className="!text-white ring-1 ring-white hover:!bg-white/10"
              >
                <Trans>How do I get an account?</Trans>
              </ButtonLink>
            </div>
          </div>
        </BackgroundImage>
        <section className="mx-auto grid max-w-5xl gap-4 p-6 sm:grid-cols-3">
          <Feature icon={BellRing} title={<Trans>Always up to date</Trans>}>
            <Trans>News and notices from the school reach your phone as soon as they are published.</Trans>
          </Feature>
          <Feature icon={WifiOff} title={<Trans>Works offline</Trans>}>
            <Trans>Everything you have opened stays readable on the bus or without signal.</Trans>
          </Feature>
          <Feature icon={Smartphone} title={<Trans>Install it</Trans>}>
            <Trans>Add the app to your home screen with your school's own name and logo.</Trans>
          </Feature>
        </section>
        <Suspense fallback={null}>
          <PublicContent />
        </Suspense>
      </main>
    </div>
  )
}
