// How banners read in the user's language: where they show, whether they show now, and their days
// (`YYYY-MM-DD`, the college's calendar days, formatted in UTC where they never shift).
import { useLingui } from '@lingui/react/macro'
import type { BannerPlacement } from '#shared/banners.schema.ts'
import type { BadgeTone } from '../../ui/badge.tsx'
import type { BannerStatus } from './banner-choice.ts'

export const STATUS_TONES: Record<BannerStatus, BadgeTone> = {
  showing: 'success',
  scheduled: 'info',
  ended: 'neutral',
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`)

export type BannerFormat = ReturnType<typeof useBannerFormat>

export function useBannerFormat() {
  const { t, i18n } = useLingui()
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const statusLabels: Record<BannerStatus, string> = {
    showing: t`Showing`,
    scheduled: t`Scheduled`,
    ended: t({ message: 'Ended', context: 'banner' }),
  }
  const placementLabels: Record<BannerPlacement, string> = {
    home: t`Home`,
    feed: t`News feed`,
  }
  return {
    statusLabels,
    placementLabels,
    /** "3 Mar – 31 Mar 2031", as the language writes a range (one day when both are the same). */
    range: (from: string, to: string) =>
      from === to ? day.format(utc(from)) : day.formatRange(utc(from), utc(to)),
  }
}
