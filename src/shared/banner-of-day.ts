// The banner of a place on a college's day, as the app draws it from the mirror and the server names it
// in the page of a first visit (days are `YYYY-MM-DD` in the college's time zone, so text comparison
// is date comparison). Pure functions of what was read.
import { type Banner, type BannerPlacement, isShownBanner } from './banners.schema.ts'

export type Choosable = Pick<Banner, 'id' | 'placement' | 'starts_on' | 'ends_on' | 'created_at'>

/** The newest first: the latest first day, then the latest created (the id settles a tie). */
export function newestFirst(a: Choosable, b: Choosable): number {
  return (
    b.starts_on.localeCompare(a.starts_on) ||
    b.created_at.localeCompare(a.created_at) ||
    b.id.localeCompare(a.id)
  )
}

/** The banners of `placement` shown on `today`, the newest first. */
export function bannersShown<B extends Choosable>(
  banners: readonly B[],
  placement: BannerPlacement,
  today: string,
): B[] {
  return banners.filter((b) => b.placement === placement && isShownBanner(b, today)).sort(newestFirst)
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (0 for something that is not one). */
export function dayNumber(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(time) ? 0 : Math.floor(time / 86_400_000)
}

/**
 * The one banner of `placement` on `today`: with several, they take turns by day (the day's number
 * picks one of them, newest first), so everyone sees the same one on a given day, each gets its share
 * and nothing changes while a page is open. Undefined when there is none.
 */
export function bannerOfDay<B extends Choosable>(
  banners: readonly B[],
  placement: BannerPlacement,
  today: string,
): B | undefined {
  const shown = bannersShown(banners, placement, today)
  if (shown.length === 0) return undefined
  return shown[dayNumber(today) % shown.length]
}

/** The id of the page's data block naming Home's banner of the day on a first visit. */
export const PAGE_BANNER_ID = 'home-banner'
