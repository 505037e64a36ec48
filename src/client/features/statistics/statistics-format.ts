// Figures as the reader's language writes them: counts, shares, waits ("2 h 15 min"), money in the
// college's currency, and the months and weeks the answer is grouped by.
import { useLingui } from '@lingui/react/macro'
import { formatMoney, moneyLocale } from '#shared/money.ts'
import { isoWeekStart } from './period.ts'

type DurationParts = { days?: number; hours?: number; minutes?: number }
type DurationFormatter = { format: (duration: DurationParts) => string }
// Intl.DurationFormat is in every browser the app supports, but not yet in TypeScript's library.
const DurationFormat = (
  Intl as unknown as {
    DurationFormat?: new (locale: string, options: { style: 'short' }) => DurationFormatter
  }
).DurationFormat

/** A wait in whole minutes as its largest two units: "45 min", "2 h 15 min", "3 d 4 h". */
export function formatMinutes(minutes: number, locale: string): string {
  // Anything under a minute reads as a minute: "0 min" would say nobody waited at all.
  const whole = Math.max(1, Math.round(minutes))
  const days = Math.floor(whole / 1440)
  const hours = Math.floor((whole % 1440) / 60)
  const rest = whole % 60
  const parts: DurationParts = days ? { days, hours } : hours ? { hours, minutes: rest } : { minutes: rest }
  if (DurationFormat) return new DurationFormat(locale, { style: 'short' }).format(parts)
  // Older engines: each unit through NumberFormat, joined as the language joins units.
  const units = Object.entries(parts)
    .filter(([, value]) => value)
    .map(([unit, value]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: unit.slice(0, -1), unitDisplay: 'short' }).format(
        value,
      ),
    )
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(units)
}

export type StatisticsFormat = ReturnType<typeof useStatisticsFormat>

export function useStatisticsFormat() {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const count = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const longDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const list = new Intl.ListFormat(locale, { type: 'conjunction', style: 'short' })
  const noon = (date: string) => new Date(`${date}T12:00:00Z`)
  return {
    locale,
    count: (n: number) => count.format(n),
    /** A share of 0..1; null (nothing to count) is left to the caller. */
    percent: (share: number) => percent.format(share),
    minutes: (minutes: number) => formatMinutes(minutes, locale),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    /** Axis labels: "$1,5 M" rather than a full amount that would not fit beside the chart. */
    compactMoney: (amount: number, currency: string) =>
      new Intl.NumberFormat(moneyLocale(locale, currency), {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      }).format(amount),
    compact: (n: number) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(n),
    /** `YYYY-MM` as "March 2026". */
    month: (value: string) => month.format(noon(`${value}-15`)),
    /** `YYYY-MM` as "Mar", for a chart's axis. */
    shortMonth: (value: string) => shortMonth.format(noon(`${value}-15`)),
    /** `YYYY-Www` as the day it starts ("3 Mar"). */
    week: (value: string) => day.format(noon(isoWeekStart(value))),
    /** `YYYY-Www` as its first day in full ("3 Mar 2026"). */
    weekStart: (value: string) => longDay.format(noon(isoWeekStart(value))),
    /** Two calendar days as one span ("1 – 30 Mar 2026"). */
    range: (from: string, to: string) => longDay.formatRange(noon(from), noon(to)),
    list: (items: string[]) => list.format(items),
  }
}
