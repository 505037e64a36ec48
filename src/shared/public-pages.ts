// The pages a visitor opens signed out: the public home and the sign-in page's neighbours. Every other
// route needs a session (its `beforeLoad` sends a visitor without one to sign in). The build keeps
// these pages' code out of the signed-in Home's chunk and their icons with them (vite.config.ts);
// the server names their route's scripts in the page it draws (college-index-html.ts).
export const PUBLIC_PAGES = ['/', '/auth/login', '/auth/reset-password', '/auth/signup-no'] as const

/** Whether `path` (as asked, a trailing slash allowed) is one of `PUBLIC_PAGES`. */
export function isPublicPage(path: string): boolean {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return (PUBLIC_PAGES as readonly string[]).includes(page)
}

/** The router's file for a public page (`/` → `index.tsx`, `/auth/login` → `auth/login.tsx`). */
export function publicPageFile(page: (typeof PUBLIC_PAGES)[number]): string {
  return `src/client/routes${page === '/' ? '/index' : page}.tsx`
}
