// Advertising banners of a college, as both sides validate them. A banner shows only in a college
// with `have_advertising` on, between its first and last day (the college's time zone), in its place,
// always labelled as advertising. Impressions and clicks are counted like the Benefits directory's
// (`benefit_counts`, kind 'banner'), never per person.
//
// Calls (under /api/v1, `banners.manage`, admins):
//   banners            GET (all of the college, newest first), POST multipart: the fields and `image`
//   banners/:id        PUT JSON fields (If-Match: "<updated_at>"), DELETE
//   banners/:id/image  PUT multipart `image`
// Mirrored: `banners` (those that have not ended), for every member of a college with advertising.
import * as v from 'valibot'
import { isRealDate, optionalText, plainString, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const BANNER_PLACEMENTS = ['home', 'feed'] as const
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number]
/** Wide, as the home and the feed show them; the server crops uploads to it. */
export const BANNER_WIDTH = 1200
export const BANNER_HEIGHT = 400
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024

export type Banner = {
  id: string
  /** Also the image's text for screen readers. */
  title: string
  link: string
  placement: BannerPlacement
  starts_on: string
  ends_on: string
  image_url: string
  created_at: string
  updated_at: string
}

/** The platform owner's overview (`GET /api/v1/platform/banners`): each college, and the banners it has
 * not finished showing. `POST /api/v1/platform/banners` (multipart: the fields, `image` and
 * `college_ids` as "1,2,3") places one banner in several colleges that accept advertising. */
export type CollegeBanners = { id: number; name: string; have_advertising: boolean; banners: Banner[] }

const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))

/** An https address, so no `javascript:` ever reaches an href. */
export function isSafeLink(value: string): boolean {
  if (value === '') return true
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.includes('.')
  } catch {
    return false
  }
}

export const bannerInputSchema = v.pipe(
  v.object({
    title: requiredText(120),
    link: v.pipe(optionalText(300), v.check(isSafeLink, message(m.linkInvalid))),
    placement: v.picklist(BANNER_PLACEMENTS, message(m.bannerPlacementInvalid)),
    starts_on: day,
    ends_on: day,
  }),
  v.forward(
    v.partialCheck(
      [['starts_on'], ['ends_on']],
      (input) => input.ends_on >= input.starts_on,
      message(m.promotionEndBeforeStart),
    ),
    ['ends_on'],
  ),
)
export type BannerInput = v.InferInput<typeof bannerInputSchema>
export type BannerOutput = v.InferOutput<typeof bannerInputSchema>

/** Shown on `today`: from its first day to its last, both included. */
export function isShownBanner(banner: Pick<Banner, 'starts_on' | 'ends_on'>, today: string): boolean {
  return banner.starts_on <= today && today <= banner.ends_on
}
