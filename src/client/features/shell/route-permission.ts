// Routes declare the permission they need in `staticData`; the layout shows "no access" without it.
import { useMatches } from '@tanstack/react-router'
import type { Permission } from '#shared/permissions.ts'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The permission a user needs to open this route (the server checks it again on every call). */
    permission?: Permission
    /** Only users of a college (not the platform owner) can use this route. */
    collegeOnly?: boolean
  }
}

type Viewer = { permissions: readonly string[]; college_id: number | null } | undefined

/** Whether the user may open the current route, from what its matched routes declare. */
export function useRouteAllowed(user: Viewer): boolean {
  const matches = useMatches()
  if (!user) return true
  return matches.every(
    (m) =>
      (!m.staticData?.permission || user.permissions.includes(m.staticData.permission)) &&
      (!m.staticData?.collegeOnly || user.college_id !== null),
  )
}
