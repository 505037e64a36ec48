// Companies (local businesses the college accepted) and the people who manage their listings, for
// admins (`college.manage`). A company user is a person of this college with the `company` role and
// a link to one company; removing them deactivates the account (users are never deleted).
import { type Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import * as v from 'valibot'
import {
  type Company,
  type CompanyUser,
  companyInputSchema,
  companyUserInputSchema,
  PYME_PHOTO_MAX_BYTES,
} from '#shared/benefits.schema.ts'
import { optionalText } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { pageQuerySchema } from '#shared/pagination.ts'
import type { Database } from '../../db/schema.ts'
import { actorOf, audit } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission, revokeAllTokens } from '../../platform/auth.ts'
import { ensureRole } from '../../platform/built-in-roles.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { storePicture } from '../../platform/images.ts'
import { containsText, keysetPage } from '../../platform/keyset.ts'
import { mediaUrl } from '../../platform/media.ts'
import { sendWelcome } from '../../platform/password-links.ts'
import { unusablePassword } from '../../platform/passwords.ts'
import { removeStored } from '../../platform/storage.ts'
import { recordTombstone, takeVersions } from '../../platform/sync-versions.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readForm } from '../../platform/uploads.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'

export const companiesRoutes = new Hono<AppEnv>()
const guard = [requireAuth, requireCollegeMember, requirePermission('college.manage')] as const
companiesRoutes.use('/api/v1/companies', ...guard)
companiesRoutes.use('/api/v1/companies/*', ...guard)

const collegeOf = (c: Context<AppEnv>) => c.get('auth').user.college_id!

const listSchema = v.object({ ...pageQuerySchema.entries, q: v.optional(optionalText(100), '') })

function companiesQuery(db: Kysely<Database>, collegeId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('companies')
    .select((eb) => [
      'companies.id',
      'companies.name',
      'companies.rut',
      'companies.contact_name',
      'companies.email',
      'companies.phone',
      'companies.logo',
      'companies.created_at',
      'companies.updated_at',
      eb
        .selectFrom('pymes')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('pymes.company_id', '=', 'companies.id')
        .where('pymes.deleted_at', 'is', null)
        .as('pyme_count'),
      eb
        .selectFrom('company_users')
        .innerJoin('users', 'users.id', 'company_users.user_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('company_users.company_id', '=', 'companies.id')
        .where('users.deactivated_at', 'is', null)
        .as('user_count'),
    ])
}

function toCompany({
  logo,
  ...row
}: Omit<Company, 'pyme_count' | 'user_count' | 'logo_url'> & {
  logo: string | null
  pyme_count: unknown
  user_count: unknown
}): Company {
  return {
    ...row,
    logo_url: mediaUrl(logo),
    pyme_count: Number(row.pyme_count ?? 0),
    user_count: Number(row.user_count ?? 0),
  }
}

async function companyOr404(db: Kysely<Database>, collegeId: number, id: number): Promise<Company> {
  const row = await companiesQuery(db, collegeId).where('companies.id', '=', id).executeTakeFirst()
  if (!row) throw notFound()
  return toCompany(row)
}

companiesRoutes.get('/api/v1/companies', async (c) => {
  const { cursor, limit, q } = validate(c, listSchema, c.req.query())
  let query = companiesQuery(c.get('deps').db, collegeOf(c))
  if (q) query = query.where(containsText(['companies.name', 'companies.rut', 'companies.contact_name'], q))
  const page = await keysetPage(query, {
    sort: { column: 'companies.name', descending: false, folded: true },
    idColumn: 'companies.id',
    cursor,
    limit,
    valueOf: (row) => row.name,
  })
  return c.json({ data: page.rows.map(toCompany), next_cursor: page.next_cursor })
})

companiesRoutes.get('/api/v1/companies/:id', async (c) => {
  return c.json(await companyOr404(c.get('deps').db, collegeOf(c), pathId(c.req.param('id'))))
})

companiesRoutes.post('/api/v1/companies', async (c) => {
  const input = validate(c, companyInputSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const now = nowIso()
  const id = await db.transaction().execute(async (trx) => {
    const row = await tenantScope(trx, actor.collegeId)
      .insertInto('companies', { ...input, logo: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, { ...auditOf(actor), action: 'company.created', subjectId: row.id })
    return row.id
  })
  return c.json(await companyOr404(db, actor.collegeId, id), 201)
})

companiesRoutes.put('/api/v1/companies/:id', async (c) => {
  const id = pathId(c.req.param('id'))
  const input = validate(c, companyInputSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  await companyOr404(db, actor.collegeId, id)
  await db.transaction().execute(async (trx) => {
    await tenantScope(trx, actor.collegeId)
      .updateTable('companies')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', id)
      .execute()
    await audit(trx, { ...auditOf(actor), action: 'company.updated', subjectId: id })
    // Every listing shows its company's name: the mirrors get the new one with the listings, each
    // with a change number of its own (a pull page never ends inside a shared one).
    const scope = tenantScope(trx, actor.collegeId)
    const listings = await scope
      .selectFrom('pymes')
      .select('id')
      .where('company_id', '=', id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute()
    if (listings.length === 0) return
    const first = await takeVersions(trx, actor.collegeId, listings.length)
    for (const [i, listing] of listings.entries())
      await scope
        .updateTable('pymes')
        .set({ version: first + i })
        .where('id', '=', listing.id)
        .execute()
  })
  return c.json(await companyOr404(db, actor.collegeId, id))
})

/** A company with listings stays: deleting them is a decision of its own, one by one. */
companiesRoutes.delete('/api/v1/companies/:id', async (c) => {
  const id = pathId(c.req.param('id'))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const company = await companyOr404(db, actor.collegeId, id)
  if (company.pyme_count > 0) throw new ApiError(409, messages.companyHasPymes)
  const members = await membersOf(db, actor.collegeId, id)
  const logo = await logoKeyOf(db, actor.collegeId, id)
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const deleted = await scope.selectFrom('pymes').select('id').where('company_id', '=', id).execute()
    if (deleted.length) {
      await scope.deleteFrom('pymes').where('company_id', '=', id).execute()
      for (const pyme of deleted) await recordTombstone(trx, actor.collegeId, 'pymes', pyme.id)
    }
    await deactivate(
      trx,
      actor.collegeId,
      members.map((m) => m.id),
    )
    await scope.deleteFrom('companies').where('id', '=', id).execute()
    await audit(trx, { ...auditOf(actor), action: 'company.deleted', subjectId: id })
  })
  for (const member of members) await revokeAllTokens(db, member.id)
  await removeStored(c.get('deps').storage, [logo])
  return c.body(null, 204)
})

// Logo -------------------------------------------------------------------------------------------

async function logoKeyOf(db: Kysely<Database>, collegeId: number, id: number) {
  const row = await tenantScope(db, collegeId)
    .selectFrom('companies')
    .select('logo')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.logo ?? null
}

async function setLogo(c: Context<AppEnv>, id: number, key: string | null) {
  const actor = actorOf(c)
  const { db, storage } = c.get('deps')
  await companyOr404(db, actor.collegeId, id)
  const before = await logoKeyOf(db, actor.collegeId, id)
  await db.transaction().execute(async (trx) => {
    await tenantScope(trx, actor.collegeId)
      .updateTable('companies')
      .set({ logo: key, updated_at: nowIso() })
      .where('id', '=', id)
      .execute()
    await audit(trx, {
      ...auditOf(actor),
      action: key ? 'company.logo_set' : 'company.logo_removed',
      subjectId: id,
    })
  })
  await removeStored(storage, [before])
  return c.json(await companyOr404(db, actor.collegeId, id))
}

companiesRoutes.put('/api/v1/companies/:id/logo', async (c) => {
  const id = pathId(c.req.param('id'))
  await companyOr404(c.get('deps').db, collegeOf(c), id)
  const { file } = await readForm(c, 'logo')
  if (!file) throw validationError({ logo: [messages.imageRequired] })
  const key = await storePicture(c.get('deps').storage, `companies/${collegeOf(c)}`, file, {
    field: 'logo',
    maxBytes: PYME_PHOTO_MAX_BYTES,
    sizeMessage: messages.pictureSize,
    format: 'png',
    shape: (image) => image.resize(256, 256, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }),
  })
  try {
    return await setLogo(c, id, key)
  } catch (error) {
    await removeStored(c.get('deps').storage, [key])
    throw error
  }
})

companiesRoutes.delete('/api/v1/companies/:id/logo', async (c) => setLogo(c, pathId(c.req.param('id')), null))

// Company users ----------------------------------------------------------------------------------

function membersQuery(db: Kysely<Database>, collegeId: number, companyId: number) {
  return tenantScope(db, collegeId)
    .selectFrom('company_users')
    .innerJoin('users', 'users.id', 'company_users.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.password_hash'])
    .where('company_users.company_id', '=', companyId)
    .where('users.deactivated_at', 'is', null)
}

function toMember(row: { id: number; name: string; email: string; password_hash: string }): CompanyUser {
  return { id: row.id, name: row.name, email: row.email, invited: row.password_hash.startsWith('unset$') }
}

async function membersOf(db: Kysely<Database>, collegeId: number, companyId: number): Promise<CompanyUser[]> {
  return (await membersQuery(db, collegeId, companyId).execute()).map(toMember)
}

async function memberOf(db: Kysely<Database>, collegeId: number, companyId: number, userId: number) {
  const row = await membersQuery(db, collegeId, companyId).where('users.id', '=', userId).executeTakeFirst()
  return row && toMember(row)
}

async function deactivate(trx: Kysely<Database>, collegeId: number, userIds: number[]) {
  if (userIds.length === 0) return
  await tenantScope(trx, collegeId)
    .updateTable('users')
    .set({ deactivated_at: nowIso() })
    .where('id', 'in', userIds)
    .execute()
}

companiesRoutes.get('/api/v1/companies/:id/users', async (c) => {
  const id = pathId(c.req.param('id'))
  const { db } = c.get('deps')
  const { cursor, limit, q } = validate(c, listSchema, c.req.query())
  await companyOr404(db, collegeOf(c), id)
  let query = membersQuery(db, collegeOf(c), id)
  if (q) query = query.where(containsText(['users.name', 'users.email'], q))
  const page = await keysetPage(query, {
    sort: { column: 'users.name', descending: false, folded: true },
    idColumn: 'users.id',
    cursor,
    limit,
    valueOf: (row) => row.name,
  })
  return c.json({ data: page.rows.map(toMember), next_cursor: page.next_cursor })
})

/** A new account with the `company` role, linked to the company; they choose a password from the mail. */
companiesRoutes.post('/api/v1/companies/:id/users', async (c) => {
  const companyId = pathId(c.req.param('id'))
  const input = validate(c, companyUserInputSchema, await readJson(c))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  await companyOr404(db, actor.collegeId, companyId)
  const taken = await tenantScope(db, actor.collegeId)
    .selectFrom('users')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst()
  if (taken) throw validationError({ email: [messages.companyUserEmailTaken] })
  const now = nowIso()
  let userId: number
  try {
    userId = await db.transaction().execute(async (trx) => {
      const scope = tenantScope(trx, actor.collegeId)
      const user = await scope
        .insertInto('users', {
          role_id: await ensureRole(trx, actor.collegeId, 'company'),
          name: input.name,
          first_lastname: '',
          second_lastname: '',
          email: input.email,
          rut: '',
          phone: '',
          birthdate: '',
          avatar: null,
          password_hash: unusablePassword(),
          locale: null,
          created_at: now,
          updated_at: now,
          deactivated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await scope.insertInto('company_users', { user_id: user.id, company_id: companyId }).execute()
      await audit(trx, {
        ...auditOf(actor),
        action: 'company.user_invited',
        subjectId: companyId,
        details: { user_id: user.id, email: input.email },
      })
      return user.id
    })
  } catch (error) {
    // Two admins inviting the same address at once: the unique index decides, the field says why.
    const again = await tenantScope(db, actor.collegeId)
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst()
    if (again) throw validationError({ email: [messages.companyUserEmailTaken] })
    throw error
  }
  await sendWelcome(c, requireCollege(c), {
    id: userId,
    name: input.name,
    email: input.email,
    locale: null,
    college_id: actor.collegeId,
  })
  const member = (await memberOf(db, actor.collegeId, companyId, userId))!
  return c.json(member, 201)
})

companiesRoutes.delete('/api/v1/companies/:id/users/:userId', async (c) => {
  const companyId = pathId(c.req.param('id'))
  const userId = pathId(c.req.param('userId'))
  const actor = actorOf(c)
  const { db } = c.get('deps')
  const member = await memberOf(db, actor.collegeId, companyId, userId)
  if (!member) throw notFound()
  await db.transaction().execute(async (trx) => {
    await deactivate(trx, actor.collegeId, [userId])
    await audit(trx, {
      ...auditOf(actor),
      action: 'company.user_removed',
      subjectId: companyId,
      details: { user_id: userId },
    })
  })
  await revokeAllTokens(db, userId)
  return c.body(null, 204)
})

function auditOf(actor: ReturnType<typeof actorOf>) {
  return { collegeId: actor.collegeId, actorId: actor.id, ip: actor.ip, subjectType: 'company' }
}
