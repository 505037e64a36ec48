// The admins' writes to the college's banners. They go straight to the server (this screen only makes
// sense online); every write answers the whole banner, which the screen shows at once. A copy this
// device's mirror already holds is refreshed too (or dropped once deleted or ended); new ones come with
// the next pull, as the server decides who sees them.
import type { ApiErrorBody } from '#shared/api-types.ts'
import type { Banner, BannerInput } from '#shared/banners.schema.ts'
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, HttpError } from '../../platform/api.ts'
import { collegeAtom } from '../../platform/college.ts'
import { store } from '../../platform/store.ts'
import { localDb } from '../../platform/sync/local-db.ts'

const statusOf = (error: unknown) => (error instanceof HttpError ? error.response.status : undefined)

async function mirror(change: { put: Banner } | { forget: string }): Promise<void> {
  const db = localDb()
  if (!db) return
  try {
    if ('forget' in change) return await db.banners.delete(change.forget)
    const banner = change.put
    const today = todayIn(store.get(collegeAtom).timezone ?? COLLEGE_DEFAULTS.timezone)
    await db.transaction('rw', db.banners, async () => {
      if (!(await db.banners.get(banner.id))) return
      if (banner.ends_on < today) await db.banners.delete(banner.id)
      else await db.banners.put(banner)
    })
  } catch {
    // The server has it: the next pull brings the mirror up to date.
  }
}

async function answered(request: Promise<Banner>): Promise<Banner> {
  const banner = await request
  await mirror({ put: banner })
  return banner
}

/** A new banner: its fields and its picture in one multipart request. */
export function createBanner(input: BannerInput, image: File): Promise<Banner> {
  const body = new FormData()
  for (const [field, value] of Object.entries(input)) body.set(field, String(value ?? ''))
  body.set('image', image)
  return answered(api.post('api/v1/banners', { body }).json<Banner>())
}

/** Sent with the version it was edited from (`base`): a newer one on the server answers 409. */
export function updateBanner(id: string, input: BannerInput, base: string): Promise<Banner> {
  return answered(
    api.put(`api/v1/banners/${id}`, { json: input, headers: { 'If-Match': `"${base}"` } }).json<Banner>(),
  )
}

export function setBannerImage(id: string, image: File): Promise<Banner> {
  const body = new FormData()
  body.set('image', image)
  return answered(api.put(`api/v1/banners/${id}/image`, { body }).json<Banner>())
}

export async function deleteBanner(id: string): Promise<void> {
  try {
    await api.delete(`api/v1/banners/${id}`)
  } catch (error) {
    // Already deleted by someone else: what the admin wanted.
    if (statusOf(error) !== 404) throw error
  }
  await mirror({ forget: id })
}

/**
 * The copy on the server when a save met a newer version (409): the banner as it is now, or null when
 * it is gone. Undefined for any other failure.
 */
export function conflictOf(error: unknown): Banner | null | undefined {
  if (statusOf(error) !== 409) return undefined
  return ((error as HttpError).data as { current?: Banner | null } | undefined)?.current ?? null
}

/** The same failure with another message for the person. */
export function withMessage(error: unknown, message: string): unknown {
  return error instanceof HttpError
    ? new HttpError(error.response, { message } satisfies ApiErrorBody)
    : error
}

/** A 422 without its `image` errors (the form shows those by the picture), or the error unchanged. */
export function withoutImageErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.response.status !== 422) return error
  const data = error.data as ApiErrorBody | undefined
  if (!data?.errors?.image) return error
  const { image: _image, ...errors } = data.errors
  return new HttpError(error.response, { ...data, errors } satisfies ApiErrorBody)
}
