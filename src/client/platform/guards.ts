import { redirect } from '@tanstack/react-router'
import { loggedInAtom } from './session.ts'
import { store } from './store.ts'

/** Spec section 2: routes that need sign-in send a visitor to /auth/login, and back afterwards. */
export function requireSignIn({ location }: { location: { href: string } }): void {
  if (!store.get(loggedInAtom)) throw redirect({ to: '/auth/login', search: { redirect: location.href } })
}
