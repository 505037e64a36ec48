import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { collegeAtom } from '../../platform/college.ts'
import { LanguageMenu } from '../../ui/language-menu.tsx'
import { ThemeMenu } from '../../ui/theme-menu.tsx'

/** The frame of the sign-in, recovery and sign-up pages: the college's logo and name above a card. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  const college = useAtomValue(collegeAtom)
  return (
    <div className="flex min-h-dvh flex-col items-center gap-6 p-4 pt-10">
      <div className="flex gap-2 self-end">
        <LanguageMenu />
        <ThemeMenu />
      </div>
      <Link to="/" className="flex flex-col items-center gap-2">
        <img src={college.logo} alt="" className="size-16 rounded-xl" />
        <span className="text-lg font-semibold" data-testid="college-name">
          {college.name}
        </span>
      </Link>
      <main className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
        {children}
      </main>
    </div>
  )
}
