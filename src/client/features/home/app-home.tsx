import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowRight } from 'lucide-react'
import { userAtom } from '../../platform/session.ts'
import { TextLink } from '../../ui/link.tsx'
import { BannerSlot } from '../banners/banner-slot.tsx'
import { NextEvents } from '../events/next-events.tsx'
import { PostFeed } from '../posts/post-feed.tsx'
import { LatestNotifications } from './latest-notifications.tsx'
import { PlatformHome } from './platform-home.tsx'

/** The landing after sign-in: the latest posts and notifications, from the mirror (works offline). */
export function AppHome() {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  if (user && user.college_id === null) return <PlatformHome />
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" dir="auto">
        {user ? t`Hello, ${user.name}` : t`Hello`}
      </h1>
      <section aria-labelledby="latest-notifications" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="latest-notifications" className="text-lg font-semibold">
            <Trans>Latest notifications</Trans>
          </h2>
          <TextLink to="/notifications" className="inline-flex items-center gap-1 text-sm">
            <Trans>All notifications</Trans>
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </TextLink>
        </div>
        <LatestNotifications />
      </section>
      <BannerSlot placement="home" />
      <section aria-labelledby="next-events" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="next-events" className="text-lg font-semibold">
            <Trans>Next events</Trans>
          </h2>
          <TextLink to="/events" className="inline-flex items-center gap-1 text-sm">
            <Trans>Calendar</Trans>
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </TextLink>
        </div>
        <NextEvents />
      </section>
      <section aria-labelledby="latest-posts" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="latest-posts" className="text-lg font-semibold">
            <Trans>Latest news</Trans>
          </h2>
          <TextLink to="/blog" className="inline-flex items-center gap-1 text-sm">
            <Trans>All news</Trans>
            <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </TextLink>
        </div>
        <PostFeed limit={4} />
      </section>
    </>
  )
}
