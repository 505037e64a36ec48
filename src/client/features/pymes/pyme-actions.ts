// The writes of those who manage local businesses and their promotions. They go straight to the
// server (these screens only make sense online); every write answers the whole business, which the
// screen shows at once. A copy the Benefits directory already holds in the mirror is refreshed too
// (without ended promotions, as the mirror keeps them); new ones and the rest come with the next pull.
import type { ApiErrorBody } from '#shared/api-types.ts'
import type { PromotionInput, Pyme, PymeInput } from '#shared/benefits.schema.ts'
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, HttpError } from '../../platform/api.ts'
import { collegeAtom } from '../../platform/college.ts'
import { store } from '../../platform/store.ts'
import { localDb } from '../../platform/sync/local-db.ts'

const statusOf = (error: unknown) => (error instanceof HttpError ? error.response.status : undefined)

async function mirror(change: { put: Pyme } | { forget: string }): Promise<void> {
  const db = localDb()
  if (!db) return
  try {
    if ('forget' in change) return await db.pymes.delete(change.forget)
    const pyme = change.put
    const today = todayIn(store.get(collegeAtom).timezone ?? COLLEGE_DEFAULTS.timezone)
    await db.transaction('rw', db.pymes, async () => {
      if (await db.pymes.get(pyme.id))
        await db.pymes.put({ ...pyme, promotions: pyme.promotions.filter((p) => p.ends_on >= today) })
    })
  } catch {
    // The server has it: the next pull brings the mirror up to date.
  }
}

async function answered(request: Promise<Pyme>): Promise<Pyme> {
  const pyme = await request
  await mirror({ put: pyme })
  return pyme
}

export function createPyme(input: PymeInput): Promise<Pyme> {
  return answered(api.post('api/v1/pymes', { json: input }).json<Pyme>())
}

/** Sent with the version it was edited from (`base`): a newer one on the server answers 409. */
export function updatePyme(id: string, input: PymeInput, base: string): Promise<Pyme> {
  return answered(
    api.put(`api/v1/pymes/${id}`, { json: input, headers: { 'If-Match': `"${base}"` } }).json<Pyme>(),
  )
}

/**
 * The copy on the server when a save met a newer version (409): the business as it is now, or null
 * when it is gone. Undefined for any other failure.
 */
export function conflictOf(error: unknown): Pyme | null | undefined {
  if (statusOf(error) !== 409) return undefined
  return ((error as HttpError).data as { current?: Pyme | null } | undefined)?.current ?? null
}

/** The same failure with another message for the person (what a conflict means for their edit). */
export function withMessage(error: unknown, message: string): unknown {
  return error instanceof HttpError
    ? new HttpError(error.response, { message } satisfies ApiErrorBody)
    : error
}

export async function deletePyme(id: string): Promise<void> {
  try {
    await api.delete(`api/v1/pymes/${id}`)
  } catch (error) {
    // Already deleted by someone else: what the person wanted.
    if (statusOf(error) !== 404) throw error
  }
  await mirror({ forget: id })
}

/** A new photo (or none, with null). */
export function setPymePhoto(id: string, file: File | null): Promise<Pyme> {
  if (!file) return answered(api.delete(`api/v1/pymes/${id}/photo`).json<Pyme>())
  const body = new FormData()
  body.set('photo', file)
  return answered(api.put(`api/v1/pymes/${id}/photo`, { body }).json<Pyme>())
}

export function createPromotion(pymeId: string, input: PromotionInput): Promise<Pyme> {
  return answered(api.post(`api/v1/pymes/${pymeId}/promotions`, { json: input }).json<Pyme>())
}

export function updatePromotion(pymeId: string, promotionId: string, input: PromotionInput): Promise<Pyme> {
  return answered(api.put(`api/v1/pymes/${pymeId}/promotions/${promotionId}`, { json: input }).json<Pyme>())
}

export function deletePromotion(pymeId: string, promotionId: string): Promise<Pyme> {
  return answered(api.delete(`api/v1/pymes/${pymeId}/promotions/${promotionId}`).json<Pyme>())
}

/** A new picture for a promotion (or none, with null). */
export function setPromotionImage(pymeId: string, promotionId: string, file: File | null): Promise<Pyme> {
  const path = `api/v1/pymes/${pymeId}/promotions/${promotionId}/image`
  if (!file) return answered(api.delete(path).json<Pyme>())
  const body = new FormData()
  body.set('image', file)
  return answered(api.put(path, { body }).json<Pyme>())
}

/** The promotion a create added: the one the answer has and the business had not. */
export function addedPromotion(before: Pyme, after: Pyme, title: string) {
  const known = new Set(before.promotions.map((p) => p.id))
  const added = after.promotions.filter((p) => !known.has(p.id))
  return added.find((p) => p.title === title) ?? added[0]
}
