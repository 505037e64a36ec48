// The period a dashboard answers for: whole days in the college's time zone, turned into the UTC
// instants stored timestamps are compared with (ISO text sorts as time does).
import type { Context } from 'hono'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { STATISTICS_MAX_DAYS, statisticsQuerySchema } from '#shared/statistics.schema.ts'
import { addDays, todayIn, zonedToUtc } from '#shared/time-zones.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { validationError } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { validate } from '../../platform/validate.ts'

export type Period = {
  /** First and last day, inclusive (`YYYY-MM-DD`, the college's calendar). */
  from: string
  to: string
  /** From the first day's local midnight up to (not including) the midnight after the last day. */
  start: string
  end: string
  zone: string
}

/** Whole days between two dates, both counted. */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

export function periodOf(from: string, to: string, zone: string): Period {
  return {
    from,
    to,
    start: zonedToUtc(`${from}T00:00`, zone),
    end: zonedToUtc(`${addDays(to, 1)}T00:00`, zone),
    zone,
  }
}

/** The request's `from` and `to`: by default the last 30 days ending today; 422 on `from` when unusable. */
export function requestedPeriod(c: Context<AppEnv>, college: College): Period {
  const query = validate(c, statisticsQuerySchema, c.req.query())
  const zone = college.timezone
  const to = query.to ?? todayIn(zone)
  const from = query.from ?? addDays(to, -29)
  if (from > to) throw validationError({ from: [messages.statisticsPeriodOrder] })
  if (daysIn(from, to) > STATISTICS_MAX_DAYS)
    throw validationError({
      from: [translate(messages.statisticsPeriodTooLong, requestLocale(c), { max: STATISTICS_MAX_DAYS })],
    })
  return periodOf(from, to, zone)
}
