// Each section's CSV: the numbers behind its charts, one row per bar or figure, the first column
// naming the chart it belongs to, in the language of the request (like the payments export).
import type { MessageDescriptor } from '#shared/i18n/translate.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Statistics, StatisticsSection } from '#shared/statistics.schema.ts'
import { toCsv } from '../../platform/csv.ts'

type Cell = string | number | null
type Sections = { [S in StatisticsSection]: Statistics[S] }
type ReachRow = {
  sent?: number
  reached: number
  read: number
  median?: number | null
  safe?: number
  help?: number
}

const d = (descriptor: MessageDescriptor) => descriptor
const words = {
  chart: d(/*i18n*/ { id: 'statistics.csv.chart', message: 'Chart' }),
  item: d(/*i18n*/ { id: 'statistics.csv.item', message: 'Item' }),
  number: d(/*i18n*/ { id: 'statistics.csv.number', message: 'Number' }),
  outOf: d(/*i18n*/ { id: 'statistics.csv.out_of', message: 'Out of' }),
  date: d(/*i18n*/ { id: 'statistics.csv.date', message: 'Date' }),
  sent: d(/*i18n*/ { id: 'statistics.csv.sent', message: 'Sent' }),
  reached: d(/*i18n*/ { id: 'statistics.csv.reached', message: 'Reached' }),
  read: d(/*i18n*/ { id: 'statistics.csv.read', message: 'Read or answered' }),
  share: d(/*i18n*/ { id: 'statistics.csv.share', message: 'Share' }),
  median: d(/*i18n*/ { id: 'statistics.csv.median', message: 'Median minutes' }),
  safe: d(/*i18n*/ { id: 'statistics.csv.safe', message: 'Safe' }),
  help: d(/*i18n*/ { id: 'statistics.csv.help', message: 'Need help' }),
  week: d(/*i18n*/ { id: 'statistics.csv.week', message: 'Week' }),
  month: d(/*i18n*/ { id: 'statistics.csv.month', message: 'Month' }),
  fromStaff: d(/*i18n*/ { id: 'statistics.csv.from_staff', message: 'From staff' }),
  fromFamilies: d(/*i18n*/ { id: 'statistics.csv.from_families', message: 'From families' }),
  medianAnswer: d(
    /*i18n*/ { id: 'statistics.csv.median_answer', message: 'Median minutes to a staff answer' },
  ),
  due: d(/*i18n*/ { id: 'statistics.csv.due', message: 'Due' }),
  collected: d(/*i18n*/ { id: 'statistics.csv.collected', message: 'Collected' }),
  currency: d(/*i18n*/ { id: 'statistics.csv.currency', message: 'Currency' }),
  published: d(/*i18n*/ { id: 'statistics.csv.published', message: 'Published' }),
  opens: d(/*i18n*/ { id: 'statistics.csv.opens', message: 'Opens' }),
  people: d(/*i18n*/ { id: 'statistics.csv.people', message: 'People' }),
  active7: d(/*i18n*/ { id: 'statistics.csv.active_7', message: 'Active in the last 7 days' }),
  active30: d(/*i18n*/ { id: 'statistics.csv.active_30', message: 'Active in the last 30 days' }),
  families: d(/*i18n*/ { id: 'statistics.csv.families', message: 'Families' }),
  installed: d(/*i18n*/ { id: 'statistics.csv.installed', message: 'Installed the app' }),
  notificationsOn: d(/*i18n*/ { id: 'statistics.csv.notifications_on', message: 'Notifications on' }),
  posts: d(/*i18n*/ { id: 'statistics.csv.posts', message: 'Posts' }),
  notifications: d(/*i18n*/ { id: 'statistics.csv.notifications', message: 'Notifications' }),
  emergencies: d(/*i18n*/ { id: 'statistics.csv.emergencies', message: 'Emergencies' }),
  latestPosts: d(/*i18n*/ { id: 'statistics.csv.latest_posts', message: 'Latest posts' }),
  total: d(/*i18n*/ { id: 'statistics.csv.total', message: 'Total' }),
  perWeek: d(/*i18n*/ { id: 'statistics.csv.per_week', message: 'Per week' }),
  perMonth: d(/*i18n*/ { id: 'statistics.csv.per_month', message: 'Per month' }),
  perGrade: d(/*i18n*/ { id: 'statistics.csv.per_grade', message: 'Per grade' }),
  wholeSchool: d(/*i18n*/ { id: 'statistics.csv.whole_school', message: 'Whole school' }),
}
type Word = keyof typeof words

/** A share as a spreadsheet reads it (0.4286), empty when there was nothing to share. */
const share = (part: number, whole: number): Cell =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null

const tables: { [S in StatisticsSection]: (f: Sections[S], t: (w: Word) => string) => Cell[][] } = {
  adoption: (f, t) => [
    [t('chart'), t('item'), t('number'), t('outOf')],
    ...f.last_7_days.map((r) => [t('active7'), r.name, r.active, r.total]),
    ...f.last_30_days.map((r) => [t('active30'), r.name, r.active, r.total]),
    [t('families'), t('installed'), f.families.installed, f.families.total],
    [t('families'), t('notificationsOn'), f.families.notifications_on, f.families.total],
  ],
  reach: (f, t) => {
    const head = ['chart', 'item', 'date', 'sent', 'reached', 'read', 'share', 'median', 'safe', 'help']
    const row = (
      chart: Word,
      n: ReachRow,
      item: string | null = null,
      date: string | null = null,
    ): Cell[] => [
      t(chart),
      item,
      date,
      n.sent ?? null,
      n.reached,
      n.read,
      share(n.read, n.reached),
      n.median ?? null,
      n.safe ?? null,
      n.help ?? null,
    ]
    const { posts: p, notifications: n, emergencies: e } = f
    return [
      head.map((w) => t(w as Word)),
      row('posts', { sent: p.sent, reached: p.targeted, read: p.read, median: p.median_minutes_to_read }),
      row('notifications', {
        sent: n.sent,
        reached: n.targeted,
        read: n.read,
        median: n.median_minutes_to_read,
      }),
      row('emergencies', {
        sent: e.sent,
        reached: e.targeted,
        read: e.answered,
        median: e.median_minutes_to_answer,
        safe: e.safe,
        help: e.help,
      }),
      ...f.recent_posts.map((post) =>
        row('latestPosts', { reached: post.targeted, read: post.read }, post.title, post.published_at),
      ),
    ]
  },
  conversation: (f, t) => [
    [t('chart'), t('week'), t('fromStaff'), t('fromFamilies'), t('medianAnswer')],
    [t('total'), null, f.from_staff, f.from_families, f.median_minutes_staff_answer],
    ...f.by_week.map((w) => [t('perWeek'), w.week, w.from_staff, w.from_families, null]),
  ],
  money: (f, t) => [
    [t('chart'), t('item'), t('due'), t('collected'), t('share'), t('currency')],
    [t('total'), null, f.due, f.collected, share(f.collected, f.due), f.currency],
    ...f.by_month.map((m) => [
      t('perMonth'),
      m.month,
      m.due,
      m.collected,
      share(m.collected, m.due),
      f.currency,
    ]),
    ...f.by_grade.map((g) => [
      t('perGrade'),
      g.grade ?? t('wholeSchool'),
      g.due,
      g.collected,
      share(g.collected, g.due),
      f.currency,
    ]),
  ],
  documents: (f, t) => [
    [t('chart'), t('month'), t('published'), t('opens'), t('people')],
    [t('total'), null, f.published, f.opens, f.people],
    ...f.by_month.map((m) => [t('perMonth'), m.month, null, m.opens, null]),
  ],
}

export function sectionCsv<S extends StatisticsSection>(
  section: S,
  figures: Sections[S],
  lang: string,
): string {
  return toCsv(tables[section](figures, (w) => translate(words[w], lang)))
}
