// The dashboard of one college for one period: each section from its own few grouped queries, the
// groups side by side (on PostgreSQL each on a connection of its own, see `analytic`).
import type { Statistics, StatisticsSection } from '#shared/statistics.schema.ts'
import type { AppDeps, College } from '../../platform/context.ts'
import { adoptionFigures } from './adoption-figures.ts'
import { conversationFigures } from './conversation-figures.ts'
import { documentFigures } from './document-figures.ts'
import { moneyFigures } from './money-figures.ts'
import { notificationReach } from './notification-reach.ts'
import { postReach } from './post-reach.ts'
import type { Period } from './statistics-period.ts'
import { analytic } from './statistics-sql.ts'

type Deps = Pick<AppDeps, 'db' | 'dialect'>
type Sections = { [S in StatisticsSection]: Statistics[S] }

const sections: {
  [S in StatisticsSection]: (deps: Deps, college: College, period: Period, now: Date) => Promise<Sections[S]>
} = {
  adoption: (deps, college, _period, now) => analytic(deps, (db) => adoptionFigures(db, college.id, now)),
  reach: async (deps, college, period, now) => {
    const [posts, notifications] = await Promise.all([
      postReach(deps, college.id, period, now.toISOString()),
      analytic(deps, (db) => notificationReach(db, deps.dialect, college.id, period)),
    ])
    return {
      posts: posts.posts,
      notifications: notifications.notifications,
      emergencies: notifications.emergencies,
      recent_posts: posts.recent,
    }
  },
  conversation: (deps, college, period) =>
    analytic(deps, (db) => conversationFigures(db, deps.dialect, college.id, period)),
  money: (deps, college, period) => analytic(deps, (db) => moneyFigures(db, college, period)),
  documents: (deps, college, period) => analytic(deps, (db) => documentFigures(db, college.id, period)),
}

/** One section's figures (what its CSV export holds). */
export function sectionOf<S extends StatisticsSection>(
  deps: Deps,
  section: S,
  college: College,
  period: Period,
  now = new Date(),
): Promise<Sections[S]> {
  return sections[section](deps, college, period, now)
}

export async function statisticsOf(
  deps: Deps,
  college: College,
  period: Period,
  now = new Date(),
): Promise<Statistics> {
  const [adoption, reach, conversation, money, documents] = await Promise.all([
    sectionOf(deps, 'adoption', college, period, now),
    sectionOf(deps, 'reach', college, period, now),
    sectionOf(deps, 'conversation', college, period, now),
    sectionOf(deps, 'money', college, period, now),
    sectionOf(deps, 'documents', college, period, now),
  ])
  return {
    college: { id: college.id, name: college.name },
    period: { from: period.from, to: period.to },
    generated_at: now.toISOString(),
    adoption,
    reach,
    conversation,
    money,
    documents,
  }
}
