// Which banners a family sees and how the admins' list reads them, by the college's today (days are
// `YYYY-MM-DD` in its time zone, so text comparison is date comparison). Pure functions of what was read.
import { type Banner, type BannerPlacement, isShownBanner } from '#shared/banners.schema.ts'

export const BANNER_STATUSES = ['showing', 'scheduled', 'ended'] as const
export type BannerStatus = (typeof BANNER_STATUSES)[number]

type Days = Pick<Banner, 'starts_on' | 'ends_on'>

export function bannerStatus(banner: Days, today: string): BannerStatus {
  if (isShownBanner(banner, today)) return 'showing'
  return today < banner.starts_on ? 'scheduled' : 'ended'
}

type Choosable = Pick<Banner, 'id' | 'placement' | 'starts_on' | 'ends_on' | 'created_at'>

/** The newest first: the latest first day, then the latest created (the id settles a tie). */
function newestFirst(a: Choosable, b: Choosable): number {
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

/**
 * The admins' list: those showing now (the newest first), then the scheduled ones (the soonest first),
 * then the ended ones (the most recent first).
 */
export function sortBanners<B extends Choosable>(banners: readonly B[], today: string): B[] {
  const rank = (b: B) => BANNER_STATUSES.indexOf(bannerStatus(b, today))
  const within = (a: B, b: B) => {
    if (rank(a) === 1) return a.starts_on.localeCompare(b.starts_on)
    if (rank(a) === 2) return b.ends_on.localeCompare(a.ends_on)
    return 0
  }
  return [...banners].sort((a, b) => rank(a) - rank(b) || within(a, b) || newestFirst(a, b))
}
