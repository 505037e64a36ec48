// Writing pymes and their promotions. Every change writes the pyme with PENDING_VERSION and takes its
// change number last (`stampVersion`), so the mirrors get the pyme with its promotions in one row.
import type { Kysely, Selectable } from 'kysely'
import type { PromotionOutput, Pyme, PymeOutput } from '#shared/benefits.schema.ts'
import { whatsappDigits } from '#shared/benefits.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import type { Database, PymesTable } from '../../db/schema.ts'
import { audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { AuthUser } from '../../platform/context.ts'
import { ApiError, notFound, validationError } from '../../platform/errors.ts'
import { PENDING_VERSION, stampVersion } from '../../platform/sync-versions.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { ChangedMeanwhile, nextStamp, writeUnlessChanged } from '../../platform/versioned-write.ts'
import type { CompanyScope } from './company-scope.ts'
import { toPymeDtos } from './pyme-dto.ts'

export type PymeCtx = { db: Kysely<Database>; user: AuthUser; ip: string; scope: CompanyScope }

const collegeOf = (ctx: PymeCtx) => ctx.user.college_id!

/** The pyme if this person manages it; a company user never learns another company's ids. */
export async function managedPyme(ctx: PymeCtx, id: string): Promise<Selectable<PymesTable>> {
  let query = tenantScope(ctx.db, collegeOf(ctx))
    .selectFrom('pymes')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
  if (!ctx.scope.all) query = query.where('company_id', '=', ctx.scope.companyId)
  const row = await query.executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function loadPyme(ctx: PymeCtx, id: string): Promise<Pyme> {
  return (await toPymeDtos(ctx.db, collegeOf(ctx), [await managedPyme(ctx, id)]))[0]!
}

async function conflict(ctx: PymeCtx, id: string): Promise<never> {
  const current = await loadPyme(ctx, id).catch(() => null)
  throw new ApiError(409, messages.editConflict, { extra: { current } })
}

/** The company a new or edited pyme belongs to, and its category, both of this college. */
async function checkChoices(ctx: PymeCtx, input: PymeOutput): Promise<number> {
  const scope = tenantScope(ctx.db, collegeOf(ctx))
  const companyId = ctx.scope.all ? input.company_id : ctx.scope.companyId
  const [company, category] = await Promise.all([
    scope.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst(),
    scope.selectFrom('pyme_categories').select('id').where('id', '=', input.category_id).executeTakeFirst(),
  ])
  const errors: Record<string, (typeof messages)[keyof typeof messages][]> = {}
  if (!company) errors.company_id = [messages.companyRequired]
  if (!category) errors.category_id = [messages.categoryRequired]
  if (Object.keys(errors).length) throw validationError(errors)
  return companyId
}

function columnsOf(input: PymeOutput) {
  return {
    category_id: input.category_id,
    name: input.name,
    description: input.description,
    address: input.address,
    commune: input.commune,
    phone: input.phone,
    whatsapp: whatsappDigits(input.whatsapp),
    hours: input.hours,
    website: input.website,
    instagram: input.instagram,
    facebook: input.facebook,
  }
}

function auditOf(ctx: PymeCtx) {
  return { collegeId: collegeOf(ctx), actorId: ctx.user.id, ip: ctx.ip, subjectType: 'pyme' }
}

export async function createPyme(ctx: PymeCtx, input: PymeOutput): Promise<Pyme> {
  const companyId = await checkChoices(ctx, input)
  const id = crypto.randomUUID()
  const now = nowIso()
  await ctx.db.transaction().execute(async (trx) => {
    await tenantScope(trx, collegeOf(ctx))
      .insertInto('pymes', {
        id,
        company_id: companyId,
        ...columnsOf(input),
        photo: null,
        version: PENDING_VERSION,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await audit(trx, { ...auditOf(ctx), action: 'pyme.created', subjectId: id })
    await stampVersion(trx, collegeOf(ctx), 'pymes')
  })
  return loadPyme(ctx, id)
}

/**
 * Marks the pyme changed (its `updated_at` moves, its change number is taken at the end) unless it
 * changed since `base`, and runs `work` in the same transaction.
 */
export async function touchPyme(
  ctx: PymeCtx,
  row: Selectable<PymesTable>,
  set: Partial<PymesTable>,
  work?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const written = await writeUnlessChanged(ctx.db, async (trx) => {
    const updated = await tenantScope(trx, collegeOf(ctx))
      .updateTable('pymes')
      .set({ ...set, version: PENDING_VERSION, updated_at: nextStamp(row.updated_at) })
      .where('id', '=', row.id)
      .where('updated_at', '=', row.updated_at)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
    await work?.(trx)
    await stampVersion(trx, collegeOf(ctx), 'pymes')
  })
  if (!written) await conflict(ctx, row.id)
}

/** `base`: the `updated_at` the editor started from (If-Match). */
export async function updatePyme(ctx: PymeCtx, id: string, input: PymeOutput, base?: string): Promise<Pyme> {
  const row = await managedPyme(ctx, id)
  if (base !== undefined && base !== row.updated_at) return conflict(ctx, id)
  const companyId = await checkChoices(ctx, input)
  await touchPyme(ctx, row, { ...columnsOf(input), company_id: companyId }, (trx) =>
    audit(trx, { ...auditOf(ctx), action: 'pyme.updated', subjectId: id }),
  )
  return loadPyme(ctx, id)
}

/** Answers the stored files the pyme and its promotions held, for the caller to remove. */
export async function deletePyme(ctx: PymeCtx, id: string, base?: string): Promise<(string | null)[]> {
  const row = await managedPyme(ctx, id)
  if (base !== undefined && base !== row.updated_at) return conflict(ctx, id)
  const scope = tenantScope(ctx.db, collegeOf(ctx))
  const images = await scope.selectFrom('promotions').select('image').where('pyme_id', '=', id).execute()
  await touchPyme(ctx, row, { deleted_at: nowIso(), photo: null }, async (trx) => {
    await tenantScope(trx, collegeOf(ctx)).deleteFrom('promotions').where('pyme_id', '=', id).execute()
    await audit(trx, { ...auditOf(ctx), action: 'pyme.deleted', subjectId: id })
  })
  return [row.photo, ...images.map((i) => i.image)]
}

/** Puts a stored photo in place (or none); answers the key it replaced. */
export async function setPymePhoto(ctx: PymeCtx, id: string, key: string | null): Promise<string | null> {
  const row = await managedPyme(ctx, id)
  await touchPyme(ctx, row, { photo: key }, (trx) =>
    audit(trx, { ...auditOf(ctx), action: key ? 'pyme.photo_set' : 'pyme.photo_removed', subjectId: id }),
  )
  return row.photo
}

// Promotions -------------------------------------------------------------------------------------

async function storedPromotion(ctx: PymeCtx, pymeId: string, promotionId: string) {
  const row = await tenantScope(ctx.db, collegeOf(ctx))
    .selectFrom('promotions')
    .selectAll()
    .where('id', '=', promotionId)
    .where('pyme_id', '=', pymeId)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

export async function createPromotion(ctx: PymeCtx, pymeId: string, input: PromotionOutput): Promise<Pyme> {
  const pyme = await managedPyme(ctx, pymeId)
  const now = nowIso()
  const id = crypto.randomUUID()
  await touchPyme(ctx, pyme, {}, async (trx) => {
    await tenantScope(trx, collegeOf(ctx))
      .insertInto('promotions', {
        id,
        pyme_id: pymeId,
        ...input,
        image: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await audit(trx, { ...auditOf(ctx), action: 'promotion.created', subjectId: pymeId, details: { id } })
  })
  return loadPyme(ctx, pymeId)
}

export async function updatePromotion(
  ctx: PymeCtx,
  pymeId: string,
  promotionId: string,
  input: PromotionOutput,
): Promise<Pyme> {
  const pyme = await managedPyme(ctx, pymeId)
  await storedPromotion(ctx, pymeId, promotionId)
  await touchPyme(ctx, pyme, {}, async (trx) => {
    await tenantScope(trx, collegeOf(ctx))
      .updateTable('promotions')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', promotionId)
      .execute()
    await audit(trx, {
      ...auditOf(ctx),
      action: 'promotion.updated',
      subjectId: pymeId,
      details: { id: promotionId },
    })
  })
  return loadPyme(ctx, pymeId)
}

/** Answers the image the promotion held, for the caller to remove. */
export async function deletePromotion(ctx: PymeCtx, pymeId: string, promotionId: string) {
  const pyme = await managedPyme(ctx, pymeId)
  const promotion = await storedPromotion(ctx, pymeId, promotionId)
  await touchPyme(ctx, pyme, {}, async (trx) => {
    await tenantScope(trx, collegeOf(ctx)).deleteFrom('promotions').where('id', '=', promotionId).execute()
    await audit(trx, {
      ...auditOf(ctx),
      action: 'promotion.deleted',
      subjectId: pymeId,
      details: { id: promotionId },
    })
  })
  return { pyme: await loadPyme(ctx, pymeId), image: promotion.image }
}

/** Puts a stored image on the promotion (or none); answers the key it replaced. */
export async function setPromotionImage(
  ctx: PymeCtx,
  pymeId: string,
  promotionId: string,
  key: string | null,
) {
  const pyme = await managedPyme(ctx, pymeId)
  const promotion = await storedPromotion(ctx, pymeId, promotionId)
  await touchPyme(ctx, pyme, {}, async (trx) => {
    await tenantScope(trx, collegeOf(ctx))
      .updateTable('promotions')
      .set({ image: key, updated_at: nowIso() })
      .where('id', '=', promotionId)
      .execute()
  })
  return { pyme: await loadPyme(ctx, pymeId), replaced: promotion.image }
}
