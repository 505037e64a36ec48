// The calendar's two costs: the month grid drawn from a large mirror in the app, and the private
// calendar feed that Google and Apple calendars poll (a full answer, and the 304 most polls get).
import type { Browser, Page } from 'playwright-core'
import { compareEndpoint, type Endpoint, endpointRows, type LoadSettings, median } from './api.ts'
import { countRows } from './browser.ts'
import type { Server } from './processes.ts'
import { fmt, type Row } from './table.ts'

/** The guardian's calendar address, made for the bench: its path on the app's host. */
async function feedPath(server: Server, token: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/v1/calendar-feed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  })
  const body = (await res.json()) as { feed?: { https_url: string } }
  if (!res.ok || !body.feed) throw new Error(`making a calendar address answered ${res.status}`)
  return new URL(body.feed.https_url).pathname
}

/** The feed answered in full, then to the If-None-Match of its last answer (304). */
export async function feedRows(
  app: Server,
  bare: Server,
  token: string,
  load: LoadSettings,
  log: (line: string) => void,
): Promise<Row[]> {
  const path = await feedPath(app, token)
  const first = await fetch(`${app.origin}${path}`)
  const text = await first.text()
  const events = text.split('BEGIN:VEVENT').length - 1
  const etag = first.headers.get('etag')
  if (!first.ok || !etag) throw new Error(`the calendar feed answered ${first.status} without an ETag`)
  log(`  calendar feed: ${fmt.int(events)} events, ${fmt.kb(Buffer.byteLength(text))}`)
  const full: Endpoint = { label: `GET /calendar/<secret>.ics, ${fmt.int(events)} events`, path, token }
  const unchanged: Endpoint = {
    label: 'GET /calendar/<secret>.ics unchanged (If-None-Match, 304)',
    path,
    token,
    headers: { 'if-none-match': etag },
  }
  const rows: Row[] = []
  for (const endpoint of [full, unchanged]) {
    rows.push(
      ...endpointRows('', endpoint, await compareEndpoint(app, bare, endpoint, load, log)).slice(0, 2),
    )
  }
  return rows
}

/** Waits until the app's database holds `expected` events (its first sync has brought them). */
async function waitForEvents(page: Page, dbName: string, expected: number) {
  const deadline = Date.now() + 180_000
  while ((await countRows(page, dbName, 'events')) < expected) {
    if (Date.now() > deadline) throw new Error(`the app's mirror never reached ${expected} events`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * The app signed in with its mirror filled; then, in the page, Home and Calendar opened in turn from
 * the side navigation, each timed from the click until its content is in the document.
 */
export async function monthViewRows(
  browser: Browser,
  server: Server,
  token: string,
  settings: { guardianId: number; expectedEvents: number; runs: number },
  log: (line: string) => void,
): Promise<Row[]> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 900 },
  })
  try {
    await context.addInitScript((t) => {
      localStorage.setItem('token', t)
      localStorage.setItem('locale', 'en')
    }, token)
    const page = await context.newPage()
    await page.goto(`${server.origin}/app/home`)
    await waitForEvents(page, `college-app-u${settings.guardianId}`, settings.expectedEvents)
    await page.waitForSelector('section[aria-labelledby="latest-posts"] article')
    const times = await page.evaluate(async (runs) => {
      const link = (href: string) => {
        const found = [...document.querySelectorAll<HTMLAnchorElement>(`a[href="${href}"]`)].find(
          (a) => a.offsetParent !== null,
        )
        if (!found) throw new Error(`no visible link to ${href}`)
        return found
      }
      /** Clicks, and answers the time until `selector` is in the document (checked on every change to it). */
      const open = (href: string, selector: string) =>
        new Promise<number>((resolve) => {
          const started = performance.now()
          const observer = new MutationObserver(() => {
            if (document.querySelector(selector)) {
              observer.disconnect()
              resolve(performance.now() - started)
            }
          })
          observer.observe(document.body, { childList: true, subtree: true })
          link(href).click()
        })
      const home = 'section[aria-labelledby="latest-posts"] article'
      const month = '.sx__month-grid-event'
      const first = await open('/events', month)
      const calendar: number[] = []
      const homes: number[] = []
      for (let i = 0; i < runs; i++) {
        homes.push(await open('/app/home', home))
        calendar.push(await open('/events', month))
      }
      return { first, calendar, homes, drawn: document.querySelectorAll(month).length }
    }, settings.runs)
    const calendarMs = median(times.calendar)
    const homeMs = median(times.homes)
    log(
      `  month view: first open ${fmt.ms(times.first)}, then median ${fmt.ms(calendarMs)} (${times.drawn} events drawn); home ${fmt.ms(homeMs)}`,
    )
    return [
      {
        measure: `browser: month view from a mirror of ${fmt.int(settings.expectedEvents)} events, opened from the menu (median of ${settings.runs})`,
        value: fmt.ms(calendarMs),
        baseline: `home feed ${fmt.ms(homeMs)}`,
        ratio: fmt.ratio(calendarMs / homeMs),
        target: '< 50 ms',
        met: calendarMs < 50,
      },
      {
        measure: 'browser: month view, first open (loads the calendar code)',
        value: fmt.ms(times.first),
      },
    ]
  } finally {
    await context.close()
  }
}
