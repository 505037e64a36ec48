// Wall-clock times in a college's time zone and the UTC moments they are stored as (daylight saving
// included), with Intl alone so both sides agree.

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, f)
  }
  return f
}

/** The wall clock in `zone` at a UTC moment, to the second: `YYYY-MM-DDTHH:mm:ss`. */
export function wallClockSeconds(utc: string | Date, zone: string): string {
  const parts: Record<string, string> = {}
  for (const { type, value } of formatter(zone).formatToParts(typeof utc === 'string' ? new Date(utc) : utc))
    parts[type] = value
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`
}

/** The wall clock in `zone` at a UTC moment, as `YYYY-MM-DDTHH:mm`. */
export function wallClock(utc: string | Date, zone: string): string {
  return wallClockSeconds(utc, zone).slice(0, 16)
}

/** Minutes `zone` is ahead of UTC at a moment. */
function offsetAt(ms: number, zone: string): number {
  const wall = wallClock(new Date(ms), zone)
  return Math.round((Date.parse(`${wall}:00Z`) - Math.floor(ms / 60_000) * 60_000) / 60_000)
}

/**
 * The UTC moment (ISO) of a wall-clock time `YYYY-MM-DDTHH:mm` in `zone`. A time skipped by a
 * daylight-saving change moves forward by the gap; a time that happens twice is the first one.
 */
export function zonedToUtc(local: string, zone: string): string {
  const asUtc = Date.parse(`${local}:00Z`)
  // The offsets a day before and a day after: around a change the time may mean either (or neither).
  const before = asUtc - offsetAt(asUtc - 86_400_000, zone) * 60_000
  const after = asUtc - offsetAt(asUtc + 86_400_000, zone) * 60_000
  // The same offset on both sides (no change that day, nearly always): the time exists once. Checking
  // it costs two more formattings (~20 µs each), which a year of weekly buckets asked a hundred times.
  if (before === after) return new Date(before).toISOString()
  const real = [before, after].filter((ms) => wallClock(new Date(ms), zone) === local)
  // Skipped by the change: the offset before it moves the time forward by the gap.
  return new Date(real.length ? Math.min(...real) : before).toISOString()
}

/** The last date `todayIn` gave per zone, with the UTC minute it holds for. */
const todays = new Map<string, { minute: number; date: string }>()

/**
 * Today's date (`YYYY-MM-DD`) in `zone`. Kept for the rest of the UTC minute (every zone's offset is
 * whole minutes): each sync page asks twice, and formatting the moment costs ~20 µs each time.
 */
export function todayIn(zone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000)
  const kept = todays.get(zone)
  if (kept?.minute === minute) return kept.date
  const date = wallClock(now, zone).slice(0, 10)
  todays.set(zone, { minute, date })
  return date
}

/** `date` plus `days` (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
