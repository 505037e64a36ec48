// The /users/roles screen's API: anyone who may see people reads the roles; roles.manage changes them.
import { Hono } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { COLLEGE_PERMISSIONS, roleSchema } from '#shared/roles.schema.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, forbidden, notFound, validationError } from '../../platform/errors.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import { createRole, deleteRole, findRole, listRoles, nameTaken, updateRole } from './roles.service.ts'

export const rolesRoutes = new Hono<AppEnv>()
rolesRoutes.use('/api/v1/roles', requireAuth, requireCollegeMember)
rolesRoutes.use('/api/v1/roles/*', requireAuth, requireCollegeMember)

const canManage = requirePermission('roles.manage')

rolesRoutes.get('/api/v1/roles', async (c) => {
  const { permissions } = c.get('auth').user
  // The role list is what the people screens filter and choose by.
  if (!permissions.includes('users.view') && !permissions.includes('roles.manage')) throw forbidden()
  return c.json({
    data: await listRoles(c.get('deps').db, c.get('auth').user.college_id!),
    next_cursor: null,
  })
})

rolesRoutes.post('/api/v1/roles', canManage, async (c) => {
  const input = validate(c, roleSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  if (await nameTaken(db, actor.collegeId, input.name))
    throw validationError({ name: [messages.roleNameTaken] })
  const id = await createRole(db, actor, input)
  return c.json(await findRole(db, actor.collegeId, id), 201)
})

rolesRoutes.put('/api/v1/roles/:id', canManage, async (c) => {
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const role = await findRole(db, actor.collegeId, pathId(c.req.param('id')))
  if (!role) throw notFound()
  const input = validate(c, roleSchema, await readJson(c))
  if (!role.built_in && (await nameTaken(db, actor.collegeId, input.name, role.id)))
    throw validationError({ name: [messages.roleNameTaken] })
  // Administrators keep every permission, so nobody can lock the college out of its own settings.
  if (role.key === 'admin' && input.permissions.length !== COLLEGE_PERMISSIONS.length)
    throw validationError({ permissions: [messages.adminRoleFixed] })
  await updateRole(db, actor, role, input)
  return c.json(await findRole(db, actor.collegeId, role.id))
})

rolesRoutes.delete('/api/v1/roles/:id', canManage, async (c) => {
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const role = await findRole(db, actor.collegeId, pathId(c.req.param('id')))
  if (!role) throw notFound()
  if (role.built_in) throw new ApiError(409, messages.roleBuiltIn)
  if (role.holders > 0 || !(await deleteRole(db, actor, role)))
    throw new ApiError(409, messages.roleInUse, { values: { count: Math.max(role.holders, 1) } })
  return c.body(null, 204)
})
