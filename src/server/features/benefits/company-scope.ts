// Whose listings a person manages: a company user only their own company's, anyone else with the
// permission (admins) every company of the college. A `company` account not linked to a company
// manages nothing, rather than everything.
import type { Kysely } from 'kysely'
import { messages } from '#shared/i18n/messages.ts'
import type { Database } from '../../db/schema.ts'
import { compiledOnce } from '../../platform/compiled-once.ts'
import type { AuthUser } from '../../platform/context.ts'
import { ApiError } from '../../platform/errors.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export type CompanyScope = { all: true } | { all: false; companyId: number }

/** The company a person's account belongs to, if any: asked on every request of the benefits' screens. */
const companyOf = compiledOnce(
  (db, collegeId: number, userId: number) =>
    tenantScope(db, collegeId).selectFrom('company_users').select('company_id').where('user_id', '=', userId),
  [-7_371, -7_372],
)

export async function companyScopeOf(db: Kysely<Database>, user: AuthUser): Promise<CompanyScope> {
  const [link] = await companyOf(db, user.college_id!, user.id)
  if (link) return { all: false, companyId: link.company_id }
  if (user.role_key === 'company') throw new ApiError(403, messages.companyUserOnly)
  return { all: true }
}

export function companyFilter(scope: CompanyScope) {
  return scope.all ? undefined : scope.companyId
}
