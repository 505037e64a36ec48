// How the admins' list reads the college's banners by its today (which one a family sees is
// `#shared/banner-of-day.ts`, as the server names it in a first visit's page too).
import { type Choosable, newestFirst } from '#shared/banner-of-day.ts'
import { type Banner, isShownBanner } from '#shared/banners.schema.ts'

export const BANNER_STATUSES = ['showing', 'scheduled', 'ended'] as const
export type BannerStatus = (typeof BANNER_STATUSES)[number]

type Days = Pick<Banner, 'starts_on' | 'ends_on'>

export function bannerStatus(banner: Days, today: string): BannerStatus {
  if (isShownBanner(banner, today)) return 'showing'
  return today < banner.starts_on ? 'scheduled' : 'ended'
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
