import { redirect } from '@tanstack/react-router'
import { ensureAppMessages } from './i18n.ts'
import { loggedInAtom } from './session.ts'
import { store } from './store.ts'

/**
 * Spec section 2: routes that need sign-in send a visitor to /auth/login, and back afterwards. The
 * signed-in screens' texts are loaded before they render.
 */
export async function requireSignIn({ location }: { location: { href: string } }): Promise<void> {
  if (!store.get(loggedInAtom)) throw redirect({ to: '/auth/login', search: { redirect: location.href } })
  await ensureAppMessages()
}

/**
 * Whether the address is an area's own (`/gallery`, `/gallery/`), which has no screen of its own: its
 * route sends it on to the area's first screen rather than drawing the menu around an empty page.
 */
export function isAreaAddress(location: { pathname: string }, area: string): boolean {
  return location.pathname.replace(/\/+$/, '') === area
}
