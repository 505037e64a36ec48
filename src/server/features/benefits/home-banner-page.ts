// Home's banner of the day named in the page of a first visit to Home, its picture fetched with the
// page. It is Home's largest picture; read from the mirror it could be drawn only once the pull
// worker had started, asked and written the first sync page, and a phone's largest paint waited on
// that chain (~3.1 s in Lighthouse's slow 4G). The app draws it from the page only until the mirror has
// its first page (banner-slot.tsx); banners are the same for every member of the college. The launch
// screen shows it too, labelled as advertising as Home labels it: drawn by the app it waited for the
// app's scripts (~2.8 s in the same simulation).
import { bannerOfDay, PAGE_BANNER_ID } from '#shared/banner-of-day.ts'
import { BANNER_HEIGHT, BANNER_WIDTH } from '#shared/banners.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { todayIn } from '#shared/time-zones.ts'
import type { FirstScreenSource } from '../../platform/static-files.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { toBannerDto } from './banners.routes.ts'

/** Where Home is drawn. */
const HOME_PATHS = new Set(['/app', '/app/', '/app/home'])

export const homeBannerOfPage: FirstScreenSource = async (c, college, path, lang) => {
  if (!HOME_PATHS.has(path) || college.have_advertising !== 1) return undefined
  const today = todayIn(college.timezone)
  const rows = await tenantScope(c.get('deps').db, college.id)
    .selectFrom('banners')
    .selectAll()
    .where('placement', '=', 'home')
    .where('deleted_at', 'is', null)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .execute()
  const banner = bannerOfDay(rows.map(toBannerDto), 'home', today)
  if (!banner) return undefined
  const label = translate(messages.advertisingLabel, lang)
  return {
    id: PAGE_BANNER_ID,
    data: banner,
    images: [banner.image_url],
    launch: { src: banner.image_url, alt: banner.title, width: BANNER_WIDTH, height: BANNER_HEIGHT, label },
  }
}
