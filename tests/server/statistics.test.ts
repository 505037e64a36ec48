// The statistics dashboard over HTTP: every figure of a college whose March 2025 was written by hand
// (helpers/statistics.ts) equals its count by hand, another college's identical activity never adds to
// it, only those with stats.view (and the platform owner) see it, periods are checked, each section
// exports its CSV, and the app's "installed" report is kept once per sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STATISTICS_MAX_DAYS, type Statistics } from '#shared/statistics.schema.ts'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { parseCsv } from '../../src/server/platform/csv.ts'
import { body, collegeIdOf, EN, type ErrorBody } from './helpers/http.ts'
import { MARCH, type StatisticsCollege, seedStatisticsCollege } from './helpers/statistics.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
const MARCH_QUERY = `from=${MARCH.from}&to=${MARCH.to}`

/** What the seeded March comes to, counted by hand from helpers/statistics.ts. */
const BY_HAND = {
  adoption: {
    // The admin and S1 (2 days ago), G1 (1 day), the company user (3 days); S3 is deactivated.
    last_7_days: [
      { role: 'admin', name: 'Admin', active: 1, total: 1 },
      { role: 'staff', name: 'Staff', active: 1, total: 2 },
      { role: 'guardian', name: 'Guardian', active: 1, total: 4 },
      { role: 'student', name: 'Student', active: 0, total: 3 },
      { role: 'company', name: 'Company', active: 1, total: 1 },
    ],
    // Also S2 (20 days) and G2 (10 days); G4 was last seen 40 days ago.
    last_30_days: [
      { role: 'admin', name: 'Admin', active: 1, total: 1 },
      { role: 'staff', name: 'Staff', active: 2, total: 2 },
      { role: 'guardian', name: 'Guardian', active: 2, total: 4 },
      { role: 'student', name: 'Student', active: 0, total: 3 },
      { role: 'company', name: 'Company', active: 1, total: 1 },
    ],
    // Installed: G1 and G4; notifications: G1 and G2 (S1's subscription is not a family's).
    families: { total: 4, installed: 2, notifications_on: 2 },
  },
  reach: {
    // P1 (7 families, read by G1 after 30 min and T1 after 90), P2 (T1 and her two guardians, read by
    // G4 after 60), P3 (T1, T2 and their 3 guardians, read by G2 after 240 and T2 after 20), P7 (the
    // same 5 as P3, counted once though it names 1° Básico A too; read by G1 after 15), P6 (T3 and G3,
    // unread). Reads: 15, 20, 30, 60, 90, 240.
    posts: { sent: 5, targeted: 22, read: 6, share: 6 / 22, median_minutes_to_read: 45 },
    // Two sends and one of no send; read after 10, 50 and 100 minutes.
    notifications: { sent: 3, targeted: 5, read: 3, share: 3 / 5, median_minutes_to_read: 50 },
    // Answered after 5 (safe), 15 (help) and 25 (read) minutes; G4 never answered.
    emergencies: { sent: 1, targeted: 4, answered: 3, safe: 1, help: 1, median_minutes_to_answer: 15 },
  },
  recent: [
    { key: 'p6', title: 'P6 2° A', published_at: '2025-04-01T02:30:00.000Z', targeted: 2, read: 0 },
    {
      key: 'p7',
      title: 'P7 1° A y 1° Básico',
      published_at: '2025-03-25T10:00:00.000Z',
      targeted: 5,
      read: 1,
    },
    { key: 'p3', title: 'P3 1° Básico', published_at: '2025-03-20T10:00:00.000Z', targeted: 5, read: 2 },
    { key: 'p2', title: 'P2 1° A', published_at: '2025-03-10T15:00:00.000Z', targeted: 3, read: 1 },
    { key: 'p1', title: 'P1 todos', published_at: '2025-03-03T12:00:00.000Z', targeted: 7, read: 2 },
  ],
  // Waits for staff: 40 and 30 (G1), 120 (G2), 360 (T3, answered on 1 April): the median is 80.
  conversation: {
    messages: 9,
    from_staff: 4,
    from_families: 5,
    median_minutes_staff_answer: 80,
    by_week: [
      { week: '2025-W09', from_staff: 0, from_families: 0 },
      { week: '2025-W10', from_staff: 1, from_families: 3 },
      { week: '2025-W11', from_staff: 2, from_families: 1 },
      { week: '2025-W12', from_staff: 1, from_families: 0 },
      { week: '2025-W13', from_staff: 0, from_families: 0 },
      { week: '2025-W14', from_staff: 0, from_families: 1 },
    ],
  },
  // 10,000 from each of 3 students (two paid), 5,000 from 1° Básico's two with T2 exempt (T1 paid).
  money: {
    currency: 'CLP',
    due: 35_000,
    collected: 25_000,
    by_month: [{ month: '2025-03', due: 35_000, collected: 25_000 }],
    by_grade: [
      { grade_id: null, grade: null, due: 30_000, collected: 20_000 },
      { grade: '1° Básico', due: 5_000, collected: 5_000 },
    ],
  },
  // D1 and D2; opens by G1 (twice), G2 and T1 (of February's D3) within March in Santiago.
  documents: { published: 2, opens: 4, people: 3, by_month: [{ month: '2025-03', opens: 4 }] },
}

describe(`statistics dashboard (${dialect})`, () => {
  let t: TestApp
  let college: StatisticsCollege
  let other: StatisticsCollege
  beforeAll(async () => {
    // The college's host is also a platform host here, so its platform owner can sign in on it.
    t = await createTestApp({ platformHosts: ['localhost', 'stats.localhost'] })
    college = await seedStatisticsCollege(t, 'stats', 'stats.localhost')
    other = await seedStatisticsCollege(t, 'other', 'other.localhost')
  })
  afterAll(() => t.close())

  const dashboard = (host: string, token: string | undefined, query = MARCH_QUERY) =>
    t.request('GET', `/api/v1/statistics?${query}`, { host, token, headers: EN })

  async function figuresOf(who: StatisticsCollege): Promise<Statistics> {
    const res = await dashboard(who.host, who.tokens.admin)
    expect(res.status).toBe(200)
    return body<Statistics>(res)
  }

  function expectHandCount(stats: Statistics, who: StatisticsCollege) {
    expect(stats.college.id).toBe(who.collegeId)
    expect(stats.period).toEqual(MARCH)
    expect(stats.adoption).toEqual(BY_HAND.adoption)
    expect(stats.reach.posts.sent).toBe(BY_HAND.reach.posts.sent)
    expect(stats.reach.posts).toEqual({ ...BY_HAND.reach.posts, share: expect.closeTo(6 / 22, 10) })
    expect(stats.reach.notifications).toEqual(BY_HAND.reach.notifications)
    expect(stats.reach.emergencies).toEqual(BY_HAND.reach.emergencies)
    expect(stats.reach.recent_posts).toEqual(
      BY_HAND.recent.map(({ key, ...post }) => ({ id: who.posts[key as keyof typeof who.posts], ...post })),
    )
    expect(stats.conversation).toEqual(BY_HAND.conversation)
    expect(stats.money).toMatchObject(BY_HAND.money)
    expect(stats.money.by_grade).toHaveLength(2)
    expect(stats.documents).toEqual(BY_HAND.documents)
  }

  it('counts each figure of a college as it was counted by hand', async () => {
    expectHandCount(await figuresOf(college), college)
  })

  it("never counts another college's activity: the same March elsewhere gives the same figures", async () => {
    expectHandCount(await figuresOf(other), other)
    // The demo college's own dashboard is its own, not either of these.
    const demo = await dashboard('localhost', await t.login('admin@demo.test'))
    expect((await body<Statistics>(demo)).college.id).toBe(await collegeIdOf(t.db, 'demo'))
  })

  it('agrees with the "Read by N of M" each post shows', async () => {
    const stats = await figuresOf(college)
    for (const post of stats.reach.recent_posts) {
      const res = await t.request('GET', `/api/v1/posts/${post.id}/reads`, {
        host: college.host,
        token: college.tokens.admin,
      })
      expect(res.status).toBe(200)
      const report = await body<{ read: number; total: number }>(res)
      expect({ read: post.read, targeted: post.targeted }).toEqual({
        read: report.read,
        targeted: report.total,
      })
    }
  })

  it('answers 403 to a guardian and to staff without stats.view, 401 without a sign-in', async () => {
    for (const token of [college.tokens.guardian, college.tokens.staff]) {
      expect((await dashboard(college.host, token)).status).toBe(403)
      const csv = await t.request('GET', `/api/v1/statistics/reach.csv?${MARCH_QUERY}`, {
        host: college.host,
        token,
      })
      expect(csv.status).toBe(403)
    }
    expect((await dashboard(college.host, undefined)).status).toBe(401)
    // Another college's admin is nobody on this host.
    expect((await dashboard(college.host, other.tokens.admin)).status).toBe(401)
  })

  it('shows the platform owner the dashboard of the college of the host they ask on', async () => {
    const root = await t.login('root@platform.test', college.host)
    const res = await dashboard(college.host, root)
    expect(res.status).toBe(200)
    expectHandCount(await body<Statistics>(res), college)
    const onDemo = await dashboard('localhost', await t.login('root@platform.test', 'localhost'))
    expect((await body<Statistics>(onDemo)).college.id).toBe(await collegeIdOf(t.db, 'demo'))
  })

  it('shows the platform owner any college named on the platform host, and nobody else', async () => {
    const root = await t.login('root@platform.test', 'localhost')
    // From the platform's colleges screen (on localhost): the other college, figures and CSV.
    const res = await dashboard('localhost', root, `${MARCH_QUERY}&college=${other.collegeId}`)
    expect(res.status).toBe(200)
    expectHandCount(await body<Statistics>(res), other)
    const csv = await t.request(
      'GET',
      `/api/v1/statistics/reach.csv?${MARCH_QUERY}&college=${other.collegeId}`,
      {
        token: root,
      },
    )
    expect(csv.status).toBe(200)
    for (const bad of ['999999', 'abc', '0', '1e3', '-1']) {
      expect((await dashboard('localhost', root, `college=${bad}`)).status, bad).toBe(404)
    }
    // A college's own administrator cannot name another college, only their own.
    expect((await dashboard(college.host, college.tokens.admin, `college=${other.collegeId}`)).status).toBe(
      404,
    )
    const own = await dashboard(
      college.host,
      college.tokens.admin,
      `${MARCH_QUERY}&college=${college.collegeId}`,
    )
    expect(own.status).toBe(200)
  })

  it('covers the last 30 days ending today in the college’s time zone by default', async () => {
    const stats = await body<Statistics>(await dashboard(college.host, college.tokens.admin, ''))
    const today = todayIn('America/Santiago')
    expect(stats.period).toEqual({ from: addDays(today, -29), to: today })
    expect(stats.reach.posts.sent).toBe(0)
    expect(stats.conversation.by_week.length).toBeGreaterThanOrEqual(5)
  })

  it('refuses a period that ends before it starts, is too long or is no date, on the field', async () => {
    const cases = [
      ['from=2025-03-31&to=2025-03-01', 'The start of the period must be on or before its end.'],
      [
        'from=2024-01-01&to=2025-03-31',
        `The period can be at most ${STATISTICS_MAX_DAYS} days long. Please choose a later start.`,
      ],
      ['from=2025-02-30&to=2025-03-31', 'Please enter a valid date'],
    ] as const
    for (const [query, message] of cases) {
      const res = await dashboard(college.host, college.tokens.admin, query)
      expect(res.status, query).toBe(422)
      expect((await body<ErrorBody>(res)).errors?.from).toEqual([message])
    }
    const tooLongCsv = await t.request('GET', '/api/v1/statistics/money.csv?from=2020-01-01&to=2025-01-01', {
      host: college.host,
      token: college.tokens.admin,
      headers: EN,
    })
    expect(tooLongCsv.status).toBe(422)
    // Exactly the longest period is answered.
    const longest = `from=${addDays('2025-03-31', 1 - STATISTICS_MAX_DAYS)}&to=2025-03-31`
    expect((await dashboard(college.host, college.tokens.admin, longest)).status).toBe(200)
  })

  it("says why in the request's language", async () => {
    const res = await t.request('GET', '/api/v1/statistics?from=2025-03-31&to=2025-03-01', {
      host: college.host,
      token: college.tokens.admin,
      headers: { 'accept-language': 'es' },
    })
    expect(res.status).toBe(422)
    expect((await body<ErrorBody>(res)).errors?.from).toEqual([
      'El inicio del período debe ser anterior o igual a su término.',
    ])
    const tooLong = await t.request('GET', '/api/v1/statistics?from=2024-01-01&to=2025-03-31', {
      host: college.host,
      token: college.tokens.admin,
      headers: { 'accept-language': 'fr' },
    })
    expect((await body<ErrorBody>(tooLong)).errors?.from).toEqual([
      `La période peut durer au plus ${STATISTICS_MAX_DAYS} jours. Veuillez choisir un début plus tardif.`,
    ])
  })

  it("exports each section's numbers as a CSV file named for the period", async () => {
    const csvOf = async (section: string, headers: Record<string, string> = EN) => {
      const res = await t.request('GET', `/api/v1/statistics/${section}.csv?${MARCH_QUERY}`, {
        host: college.host,
        token: college.tokens.admin,
        headers,
      })
      return { res, rows: res.status === 200 ? parseCsv(await res.text()).map((r) => r.cells) : [] }
    }
    const reach = await csvOf('reach')
    expect(reach.res.status).toBe(200)
    expect(reach.res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(reach.res.headers.get('content-disposition')).toBe(
      'attachment; filename="statistics-reach-2025-03-01-2025-03-31.csv"',
    )
    expect(reach.rows[0]).toEqual(
      ['Chart', 'Item', 'Date', 'Sent', 'Reached', 'Read or answered', 'Share', 'Median minutes'].concat([
        'Safe',
        'Need help',
      ]),
    )
    expect(reach.rows[1]).toEqual(['Posts', '', '', '5', '22', '6', '0.2727', '45', '', ''])
    expect(reach.rows[3]).toEqual(['Emergencies', '', '', '1', '4', '3', '0.75', '15', '1', '1'])
    expect(reach.rows.slice(4).map((r) => r[1])).toEqual(BY_HAND.recent.map((p) => p.title))

    const adoption = await csvOf('adoption')
    expect(adoption.rows[0]).toEqual(['Chart', 'Item', 'Number', 'Out of'])
    expect(adoption.rows).toContainEqual(['Active in the last 30 days', 'Staff', '2', '2'])
    expect(adoption.rows).toContainEqual(['Families', 'Installed the app', '2', '4'])

    const conversation = await csvOf('conversation')
    expect(conversation.rows[1]).toEqual(['Total', '', '4', '5', '80'])
    expect(conversation.rows).toContainEqual(['Per week', '2025-W10', '1', '3', ''])

    const money = await csvOf('money')
    expect(money.rows).toContainEqual(['Total', '', '35000', '25000', '0.7143', 'CLP'])
    expect(money.rows).toContainEqual(['Per grade', 'Whole school', '30000', '20000', '0.6667', 'CLP'])

    const documents = await csvOf('documents')
    expect(documents.rows.slice(0, 2)).toEqual([
      ['Chart', 'Month', 'Published', 'Opens', 'People'],
      ['Total', '', '2', '4', '3'],
    ])

    // The headers follow the request's language.
    const spanish = await csvOf('documents', { 'accept-language': 'es' })
    expect(spanish.rows[0]).toEqual(['Gráfico', 'Mes', 'Publicados', 'Aperturas', 'Personas'])

    for (const unknown of ['people', 'reach.json', 'REACH.csv']) {
      const res = await t.request('GET', `/api/v1/statistics/${unknown}`, {
        host: college.host,
        token: college.tokens.admin,
      })
      expect(res.status, unknown).toBe(404)
    }
  })

  it('keeps the first report of the installed app on the sign-in that made it', async () => {
    const g3 = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', college.users.g3)
      .executeTakeFirstOrThrow()
    const token = await t.login(g3.email, college.host)
    const installedAt = async () =>
      (
        await t.db
          .selectFrom('access_tokens')
          .select('installed_at')
          .where('user_id', '=', college.users.g3)
          .executeTakeFirstOrThrow()
      ).installed_at
    expect(await installedAt()).toBeNull()
    const first = await t.request('POST', '/api/v1/user/installed', { host: college.host, token })
    expect(first.status).toBe(204)
    const stored = await installedAt()
    expect(stored).toMatch(/^\d{4}-\d\d-\d\dT/)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await t.request('POST', '/api/v1/user/installed', { host: college.host, token })).status).toBe(
      204,
    )
    expect(await installedAt()).toBe(stored)
    expect((await t.request('POST', '/api/v1/user/installed', { host: college.host })).status).toBe(401)
    const stats = await figuresOf(college)
    expect(stats.adoption.families).toEqual({ total: 4, installed: 3, notifications_on: 2 })
    // The other college's families are as they were.
    expect((await figuresOf(other)).adoption.families.installed).toBe(2)
  })
})
