// Roles and their permissions. What a person may see can change with their role's permissions
// (a teacher sees every post), so their mirrors start over when a role they hold changes.
import type { Kysely } from 'kysely'
import { isBuiltInRole, type Permission, type RoleKey } from '#shared/permissions.ts'
import type { Role } from '#shared/roles.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { randomToken } from '../../platform/secrets.ts'
import { bumpSyncEpoch } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export async function listRoles(db: Kysely<Database>, collegeId: number): Promise<Role[]> {
  const scope = tenantScope(db, collegeId)
  const [roles, grants, holders] = await Promise.all([
    scope.selectFrom('roles').select(['id', 'key', 'name']).orderBy('id').execute(),
    scope.selectFrom('role_permissions').select(['role_id', 'permission']).execute(),
    scope
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('role_id')
      .execute(),
  ])
  return roles.map((role) => ({
    id: role.id,
    key: role.key as RoleKey,
    name: role.name,
    built_in: isBuiltInRole(role.key),
    permissions: grants.filter((g) => g.role_id === role.id).map((g) => g.permission as Permission),
    holders: Number(holders.find((h) => h.role_id === role.id)?.count ?? 0),
  }))
}

export async function findRole(db: Kysely<Database>, collegeId: number, id: number) {
  return (await listRoles(db, collegeId)).find((r) => r.id === id)
}

/** Another role of the college already has this name (compared without case). */
export async function nameTaken(db: Kysely<Database>, collegeId: number, name: string, exceptId?: number) {
  const roles = await tenantScope(db, collegeId).selectFrom('roles').select(['id', 'name']).execute()
  return roles.some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase())
}

async function grant(trx: Kysely<Database>, collegeId: number, roleId: number, permissions: Permission[]) {
  const scope = tenantScope(trx, collegeId)
  await scope.deleteFrom('role_permissions').where('role_id', '=', roleId).execute()
  if (permissions.length)
    await scope
      .insertInto(
        'role_permissions',
        permissions.map((permission) => ({ role_id: roleId, permission })),
      )
      .execute()
}

export async function createRole(
  db: Kysely<Database>,
  actor: Actor,
  input: { name: string; permissions: Permission[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    // The key names the role for good (`custom-<id>`); a random one holds its place until the id is known.
    const row = await scope
      .insertInto('roles', { key: `pending-${randomToken(9)}`, name: input.name })
      .returning('id')
      .executeTakeFirstOrThrow()
    await scope
      .updateTable('roles')
      .set({ key: `custom-${row.id}` })
      .where('id', '=', row.id)
      .execute()
    await grant(trx, actor.collegeId, row.id, input.permissions)
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'role.created',
      subjectType: 'role',
      subjectId: row.id,
      details: { name: input.name, permissions: input.permissions },
      ip: actor.ip,
    })
    return row.id
  })
}

export async function updateRole(
  db: Kysely<Database>,
  actor: Actor,
  role: Role,
  input: { name: string; permissions: Permission[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    if (!role.built_in && input.name !== role.name)
      await scope.updateTable('roles').set({ name: input.name }).where('id', '=', role.id).execute()
    const before = [...role.permissions].sort().join()
    const after = [...input.permissions].sort().join()
    if (before !== after) {
      await grant(trx, actor.collegeId, role.id, input.permissions)
      const holders = await scope.selectFrom('users').select('id').where('role_id', '=', role.id).execute()
      await bumpSyncEpoch(
        trx,
        holders.map((h) => h.id),
      )
    }
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'role.updated',
      subjectType: 'role',
      subjectId: role.id,
      details: { name: input.name, permissions: input.permissions },
      ip: actor.ip,
    })
  })
}

/** Deletes a role nobody holds; false when someone took it meanwhile. */
export async function deleteRole(db: Kysely<Database>, actor: Actor, role: Role): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const held = await scope
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', role.id)
      .executeTakeFirst()
    if (held) return false
    await scope.deleteFrom('role_permissions').where('role_id', '=', role.id).execute()
    await scope.deleteFrom('roles').where('id', '=', role.id).execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'role.deleted',
      subjectType: 'role',
      subjectId: role.id,
      details: { name: role.name },
      ip: actor.ip,
    })
    return true
  })
}
