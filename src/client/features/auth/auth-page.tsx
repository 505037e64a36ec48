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
    <div className="flex min-h-dvh flex-col items-center gap-6 bg-linear-to-b from-brand-soft to-transparent px-4 pt-4 pb-10">
      <div className="flex flex-wrap justify-end gap-2 self-stretch">
        <LanguageMenu />
        <ThemeMenu />
      </div>
      <Link to="/" className="flex flex-col items-center gap-3 rounded-2xl p-2">
        <img src={college.logo} alt="" className="size-16 rounded-2xl object-cover shadow-sm" />
        <span className="text-center text-lg font-semibold" data-testid="college-name" dir="auto">
          {college.name}
        </span>
      </Link>
      <main className="card w-full max-w-sm p-6 sm:p-7">
        <h1 className="mb-5 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </main>
    </div>
  )
}
