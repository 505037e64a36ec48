// The roles every college starts with (and the platform owner's), with their default permissions.
import type { Kysely } from 'kysely'
import { type BuiltInRole, DEFAULT_ROLE_PERMISSIONS, ROLE_KEYS } from '#shared/permissions.ts'
import type { Database } from '../db/schema.ts'

/** The role's id, created with its default permissions the first time. */
export async function ensureRole(
  db: Kysely<Database>,
  collegeId: number | null,
  key: BuiltInRole,
): Promise<number> {
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('key', '=', key)
    .where((eb) => (collegeId === null ? eb('college_id', 'is', null) : eb('college_id', '=', collegeId)))
    .executeTakeFirst()
  if (existing) return existing.id
  const name = key.charAt(0).toUpperCase() + key.slice(1)
  const role = await db
    .insertInto('roles')
    .values({ college_id: collegeId, key, name })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('role_permissions')
    .values(
      DEFAULT_ROLE_PERMISSIONS[key].map((permission) => ({
        college_id: collegeId,
        role_id: role.id,
        permission,
      })),
    )
    .execute()
  return role.id
}

/** A new college's built-in roles, by key. */
export async function createCollegeRoles(
  db: Kysely<Database>,
  collegeId: number,
): Promise<Map<BuiltInRole, number>> {
  const ids = new Map<BuiltInRole, number>()
  for (const key of ROLE_KEYS.filter((k) => k !== 'superadmin'))
    ids.set(key, await ensureRole(db, collegeId, key))
  return ids
}
