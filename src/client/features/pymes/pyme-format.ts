// How promotions read in the user's language: their days (`YYYY-MM-DD`, the college's calendar days,
// formatted in UTC where they never shift), their status, and counts.
import { useLingui } from '@lingui/react/macro'
import type { BadgeTone } from '../../ui/badge.tsx'
import type { PromotionStatus } from './promotion-status.ts'

export const STATUS_TONES: Record<PromotionStatus, BadgeTone> = {
  current: 'success',
  upcoming: 'info',
  ended: 'neutral',
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`)

export type PromotionFormat = ReturnType<typeof usePromotionFormat>

export function usePromotionFormat() {
  const { t, i18n } = useLingui()
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const number = new Intl.NumberFormat(i18n.locale)
  const statusLabels: Record<PromotionStatus, string> = {
    current: t`Current`,
    upcoming: t({ message: 'Upcoming', context: 'promotion' }),
    ended: t`Ended`,
  }
  return {
    statusLabels,
    day: (d: string) => day.format(utc(d)),
    /** "3 Mar – 31 Mar 2031", as the language writes a range (one day when both are the same). */
    range: (from: string, to: string) =>
      from === to ? day.format(utc(from)) : day.formatRange(utc(from), utc(to)),
    number: (n: number) => number.format(n),
  }
}
