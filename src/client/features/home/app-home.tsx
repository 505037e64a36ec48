import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { userAtom } from '../../platform/session.ts'
import { TextLink } from '../../ui/link.tsx'
import { BannerSlot } from '../banners/banner-slot.tsx'
import { NextEvents } from '../events/next-events.tsx'
import { PostFeed } from '../posts/post-feed.tsx'
import { LatestNotifications } from './latest-notifications.tsx'
import { PlatformHome } from './platform-home.tsx'

/**
 * A section's heading with the link to its whole list. The link goes under the heading where both do
 * not fit: in German on a phone, "Neueste Benachrichtigungen" and "Alle Benachrichtigungen" are two
 * words wider than the screen together, and the link was pushed off its edge.
 */
function SectionHeading({
  id,
  title,
  to,
  link,
}: {
  id: string
  title: ReactNode
  to: '/notifications' | '/events' | '/blog'
  link: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <TextLink to={to} className="inline-flex items-center gap-1 text-sm">
        {link}
        <ArrowRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
      </TextLink>
    </div>
  )
}

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
        <SectionHeading
          id="latest-notifications"
          title={<Trans>Latest notifications</Trans>}
          to="/notifications"
          link={<Trans>All notifications</Trans>}
        />
        <LatestNotifications />
      </section>
      <BannerSlot placement="home" />
      <section aria-labelledby="next-events" className="flex flex-col gap-3">
        <SectionHeading
          id="next-events"
          title={<Trans>Next events</Trans>}
          to="/events"
          link={<Trans>Calendar</Trans>}
        />
        <NextEvents />
      </section>
      <section aria-labelledby="latest-posts" className="flex flex-col gap-3">
        <SectionHeading
          id="latest-posts"
          title={<Trans>Latest news</Trans>}
          to="/blog"
          link={<Trans>All news</Trans>}
        />
        <PostFeed limit={4} />
      </section>
    </>
  )
}
