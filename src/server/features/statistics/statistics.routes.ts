// The statistics dashboard of the college of this host: all its figures for a period, and each
// section's numbers as a CSV file.
import { type Context, Hono } from 'hono'
import { STATISTICS_SECTIONS, type StatisticsSection } from '#shared/statistics.schema.ts'
import { requireAuth, requirePermission } from '../../platform/auth.ts'
import type { AppEnv, College } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { sectionOf, statisticsOf } from './statistics.service.ts'
import { sectionCsv } from './statistics-csv.ts'
import { requestedPeriod } from './statistics-period.ts'

export const statisticsRoutes = new Hono<AppEnv>()

// Not requireCollegeMember: the platform owner (no college, every permission) looks at any college,
// named by `?college=<id>` (from the platform's colleges screen), or at the college of the host they
// ask on. A college's own people are signed in only on their college's hosts (their tokens are bound
// to it), so the host's college is always theirs, and `college` can name no other.
for (const path of ['/api/v1/statistics', '/api/v1/statistics/*'])
  statisticsRoutes.use(path, requireAuth, requirePermission('stats.view'))

async function college(c: Context<AppEnv>): Promise<College> {
  const asked = c.req.query('college')
  if (asked === undefined) return requireCollege(c)
  const id = /^[1-9][0-9]{0,9}$/.test(asked) ? Number(asked) : Number.NaN
  if (c.get('auth').user.college_id !== null) {
    const college = c.get('college')
    if (college && id === college.id) return college
    throw notFound()
  }
  if (!Number.isSafeInteger(id)) throw notFound()
  const { db } = c.get('deps')
  const found = await db.selectFrom('colleges').selectAll().where('id', '=', id).executeTakeFirst()
  if (!found) throw notFound()
  return found
}
const deps = (c: Context<AppEnv>) => ({ db: c.get('deps').db, dialect: c.get('deps').dialect })

statisticsRoutes.get('/api/v1/statistics', async (c) => {
  const here = await college(c)
  return c.json(await statisticsOf(deps(c), here, requestedPeriod(c, here)))
})

statisticsRoutes.get('/api/v1/statistics/:file', async (c) => {
  const section = /^([a-z]+)\.csv$/.exec(c.req.param('file'))?.[1]
  if (!section || !(STATISTICS_SECTIONS as readonly string[]).includes(section)) throw notFound()
  const here = await college(c)
  const period = requestedPeriod(c, here)
  const figures = await sectionOf(deps(c), section as StatisticsSection, here, period)
  const csv = sectionCsv(section as StatisticsSection, figures, requestLocale(c))
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="statistics-${section}-${period.from}-${period.to}.csv"`,
  })
})
