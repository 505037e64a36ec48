// Permission keys are strings checked on the server and mirrored in the interface.

export const PERMISSIONS = [
  'posts.publish',
  'events.manage',
  'notifications.send',
  'documents.manage',
  'messages.send',
  'fees.manage',
  'fees.view',
  'payments.manage',
  'users.view',
  'users.manage',
  'roles.manage',
  'college.manage',
  'integrations.manage',
  'banners.manage',
  'pymes.manage',
  'promotions.manage',
  'stats.view',
  'platform.manage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLE_KEYS = ['admin', 'staff', 'guardian', 'student', 'company', 'superadmin'] as const
export type RoleKey = (typeof ROLE_KEYS)[number]

/** The permissions each built-in role starts with; admins may change them per college. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleKey, readonly Permission[]> = {
  admin: PERMISSIONS.filter((p) => p !== 'platform.manage'),
  staff: [
    'posts.publish',
    'events.manage',
    'notifications.send',
    'documents.manage',
    'messages.send',
    'users.view',
  ],
  guardian: ['messages.send', 'fees.view'],
  student: ['messages.send'],
  company: ['pymes.manage', 'promotions.manage'],
  superadmin: PERMISSIONS,
}

export function userHasPermission(
  user: { permissions: readonly string[] } | null | undefined,
  p: Permission,
) {
  return Boolean(user?.permissions.includes(p))
}
