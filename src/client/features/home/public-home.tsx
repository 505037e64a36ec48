import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { collegeAtom } from '../../platform/college.ts'
import { BackgroundImage } from '../../ui/background-image.tsx'
import { LanguageMenu } from '../../ui/language-menu.tsx'
import { ThemeMenu } from '../../ui/theme-menu.tsx'

export function PublicHome() {
  const college = useAtomValue(collegeAtom)
  return (
    <div className="min-h-dvh">
      <header className="flex flex-wrap items-center justify-between gap-3 p-4">
        <span className="flex items-center gap-3 text-lg font-semibold">
          <img src={college.logo} alt="" className="size-10 rounded-lg" />
          {college.name}
        </span>
        <div className="flex gap-2">
          <LanguageMenu />
          <ThemeMenu />
        </div>
      </header>
      <main>
        <BackgroundImage src={college.image} className="relative">
          <div className="bg-slate-950/60 px-6 py-20 text-center text-white">
            <h1 className="text-3xl font-bold sm:text-4xl">{college.name}</h1>
            <p className="mx-auto mt-4 max-w-xl text-lg">
              <Trans>
                News, events, notifications, documents and fees of your school in one place, even without a
                connection.
              </Trans>
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/auth/login"
                className="min-h-11 rounded-lg bg-white px-6 py-3 font-semibold text-slate-900"
              >
                <Trans>Sign in</Trans>
              </Link>
              <Link
                to="/auth/signup-no"
                className="min-h-11 rounded-lg px-6 py-3 font-semibold text-white ring-1 ring-white"
              >
                <Trans>How do I get an account?</Trans>
              </Link>
            </div>
          </div>
        </BackgroundImage>
        <section className="mx-auto grid max-w-4xl gap-6 p-6 sm:grid-cols-3">
          <div>
            <h2 className="font-semibold">
              <Trans>Always up to date</Trans>
            </h2>
            <p className="text-slate-700 dark:text-slate-300">
              <Trans>News and notices from the school reach your phone as soon as they are published.</Trans>
            </p>
          </div>
          <div>
            <h2 className="font-semibold">
              <Trans>Works offline</Trans>
            </h2>
            <p className="text-slate-700 dark:text-slate-300">
              <Trans>Everything you have opened stays readable on the bus or without signal.</Trans>
            </p>
          </div>
          <div>
            <h2 className="font-semibold">
              <Trans>Install it</Trans>
            </h2>
            <p className="text-slate-700 dark:text-slate-300">
              <Trans>Add the app to your home screen with your school's own name and logo.</Trans>
            </p>
          </div>
        </section>
      </main>
    </div>
  )
}
