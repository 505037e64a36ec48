import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { parseSignInSearch } from '../../features/auth/sign-in/sign-in-search.ts'
import { mountSignIn } from '../../features/auth/sign-in/sign-in-view.ts'
import { loggedInAtom } from '../../platform/session.ts'
import { store } from '../../platform/store.ts'

export const Route = createFileRoute('/auth/login')({
  validateSearch: parseSignInSearch,
  beforeLoad: () => {
    if (store.get(loggedInAtom)) throw redirect({ to: '/app' })
  },
  component: LoginPage,
})

/**
 * The sign-in page inside the app (after signing out, or sent here by a guard). A first visit gets the
 * same page without the app around it (sign-in.html): both are drawn by `mountSignIn`.
 */
function LoginPage() {
  const search = Route.useSearch()
  const router = useRouter()
  const root = useRef<HTMLDivElement>(null)
  // Mounted once: the page keeps its own state, and the address only follows it.
  useEffect(() => {
    if (!root.current) return
    return mountSignIn(root.current, {
      search,
      go: (href) => void router.navigate({ href }),
      replaceSearch: (next) => void router.navigate({ to: '/auth/login', search: next, replace: true }),
    })
  }, [])
  return <div ref={root} />
}
