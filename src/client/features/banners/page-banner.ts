// Home's banner of the day as the server named it in the page of a first visit (the data block
// `#home-banner`, server/features/benefits/home-banner-page.ts): drawn before the mirror has its first
// page, so Home's largest picture comes with the page instead of after the pull worker's first page.
// Once the mirror has begun, it is the mirror's word alone (the page may be a minute or a day old).
import { PAGE_BANNER_ID } from '#shared/banner-of-day.ts'
import { type Banner, isShownBanner } from '#shared/banners.schema.ts'

let named: Banner | undefined
let read = false

function fromPage(): Banner | undefined {
  try {
    const text = document.getElementById(PAGE_BANNER_ID)?.textContent
    const data: Partial<Banner> | undefined = text ? JSON.parse(text) : undefined
    const fields = ['id', 'title', 'link', 'starts_on', 'ends_on', 'image_url', 'created_at'] as const
    if (data?.placement !== 'home' || fields.some((f) => typeof data[f] !== 'string')) return undefined
    return data as Banner
  } catch {
    return undefined
  }
}

/** The page's banner for Home, if it named one that is shown on `today`. */
export function pageBanner(today: string): Banner | undefined {
  if (!read) {
    read = true
    named = typeof document === 'undefined' ? undefined : fromPage()
  }
  return named && isShownBanner(named, today) ? named : undefined
}

/** The mirror has begun: from now on (another sign-in in this page too) only the mirror says. */
export function forgetPageBanner(): void {
  read = true
  named = undefined
}
