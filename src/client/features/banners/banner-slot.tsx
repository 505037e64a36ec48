// A place for the college's advertising (`<BannerSlot placement="home" />`): one banner of that place
// shown on the college's today, read from the mirror (so it shows at once, and offline), always labelled
// as advertising. Nothing at all in a college without advertising or when there is none. It counts one
// impression once half of it has been on screen (once per page view) and a click when its link is
// pressed, as sums per banner on this device (benefit-counts.ts), never per person.
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { bannerOfDay } from '#shared/banner-of-day.ts'
import { BANNER_HEIGHT, BANNER_WIDTH, type Banner, type BannerPlacement } from '#shared/banners.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { countClick, watchBenefitCounts } from '../../platform/benefit-counts.ts'
import { collegeAtom } from '../../platform/college.ts'
import { useMirrorStarted } from '../../platform/sync/mirror-ready.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { useImpressions } from '../../platform/use-impressions.ts'
import { Skeleton } from '../../ui/skeleton.tsx'
import { forgetPageBanner, pageBanner } from './page-banner.ts'

export function BannerSlot({
  placement,
  className = '',
}: {
  placement: BannerPlacement
  className?: string
}) {
  const { advertising } = useAtomValue(collegeAtom)
  if (advertising !== true) return null
  return <ShownBanner placement={placement} className={className} />
}

function ShownBanner({ placement, className }: { placement: BannerPlacement; className: string }) {
  const today = todayIn(useCollegeZone())
  const banners = useLocalQuery(
    (db) => db.banners.where('placement').equals(placement).toArray(),
    [placement],
    undefined,
    { name: 'banner-slot', acrossStarts: true },
  )
  const banner = banners && bannerOfDay(banners, placement, today)
  const started = useMirrorStarted()
  // Until the mirror has its first page, a first visit's Home draws the banner the page named.
  const early = placement === 'home' && started !== true ? pageBanner(today) : undefined

  // Counts are sent every ~30 s from now on, even if the Benefits page is never opened.
  useEffect(() => {
    watchBenefitCounts()
  }, [])
  useEffect(() => {
    if (started === true) forgetPageBanner()
  }, [started])

  // A banner in the mirror is shown at once. Without one, its place is kept until the first sync page
  // says there is none today, so the page does not jump. Waiting for that word with a banner at hand
  // drew Home's largest picture ~0.2 s late on a first sign-in: the mirror's cursor is read behind the
  // pull's next page being written.
  if (banner) return <BannerView key={banner.id} banner={banner} className={className} />
  if (early) return <BannerView key={early.id} banner={early} className={className} />
  if (banners === undefined || started !== true)
    return <Skeleton className={`aspect-[3/1] w-full rounded-2xl ${className}`} />
  return null
}

function BannerView({ banner, className }: { banner: Banner; className: string }) {
  const { t } = useLingui()
  const { observe } = useImpressions()
  const [failed, setFailed] = useState(false)
  const clicked = () => countClick('banner', banner.id)

  const picture = (
    <span className="relative block aspect-[3/1] w-full overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      {/* Said first, so a screen reader hears "Advertising" before the banner's title. */}
      <span className="absolute start-2 top-2 z-10 rounded-md bg-slate-950/75 px-1.5 py-0.5 text-xs font-semibold text-white">
        {t`Advertising`}
      </span>
      {failed ? (
        // Without its picture (offline, not kept on this device), the banner still says what it is.
        <span
          dir="auto"
          className="flex size-full items-center justify-center p-4 text-center font-semibold break-words text-slate-900 dark:text-white"
        >
          {banner.title}
        </span>
      ) : (
        <img
          src={banner.image_url}
          alt={banner.title}
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </span>
  )

  return (
    <aside
      aria-label={t`Advertising`}
      data-testid="banner-slot"
      data-placement={banner.placement}
      className={`w-full ${className}`}
      ref={(element) => (element ? observe(element, [{ kind: 'banner', id: banner.id }]) : undefined)}
    >
      {banner.link ? (
        <a
          href={banner.link}
          target="_blank"
          rel="sponsored noopener noreferrer"
          onClick={clicked}
          onAuxClick={(event) => event.button === 1 && clicked()}
          className="block rounded-2xl outline-offset-2 transition-opacity hover:opacity-95 focus-visible:outline-3 focus-visible:outline-brand-ink"
        >
          {picture}
          <span className="sr-only">{t`(opens in a new tab)`}</span>
        </a>
      ) : (
        picture
      )}
    </aside>
  )
}
