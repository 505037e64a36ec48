// Permission keys are strings checked on the server and mirrored in the interface.

export const PERMISSIONS = [
  'posts.publish',
  'events.manage',
  'notifications.send',
  'documents.manage',
  'messages.send',
  'processes.manage',
  'fees.manage',
  'fees.view',
  'payments.manage',
  'users.view',
  'users.manage',
  'roles.manage',
  'college.manage',
  'contacts.manage',
  'integrations.manage',
  'banners.manage',
  'pymes.manage',
  'promotions.manage',
  'stats.view',
  'platform.manage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLE_KEYS = ['admin', 'staff', 'guardian', 'student', 'company', 'superadmin'] as const
export type BuiltInRole = (typeof ROLE_KEYS)[number]
/** A built-in role's key, or a role an admin created (its key is `custom-<id>`). */
export type RoleKey = BuiltInRole | `custom-${number}`

export function isBuiltInRole(key: string): key is BuiltInRole {
  return (ROLE_KEYS as readonly string[]).includes(key)
}

/** The permissions each built-in role starts with; admins may change them per college. */
export const DEFAULT_ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  admin: PERMISSIONS.filter((p) => p !== 'platform.manage'),
  staff: [
    'posts.publish',
    'events.manage',
    'notifications.send',
    'documents.manage',
    'messages.send',
    'processes.manage',
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
