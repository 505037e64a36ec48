// Documents published in the period (their date, a day of the college's calendar) and the first opens
// that fell in it: a person's later opens of the same document are never stored, so each row is one.
import { type Kysely, sql } from 'kysely'
import type { Statistics } from '#shared/statistics.schema.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { bucketTable, monthsOf } from './period-buckets.ts'
import type { Period } from './statistics-period.ts'

export async function documentFigures(
  db: Kysely<Database>,
  collegeId: number,
  period: Period,
): Promise<Statistics['documents']> {
  const scope = tenantScope(db, collegeId)
  const months = monthsOf(period)
  const [published, people, perMonth] = await Promise.all([
    scope
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('documents.deleted_at', 'is', null)
      .where('documents.published_on', '>=', period.from)
      .where('documents.published_on', '<=', period.to)
      .executeTakeFirstOrThrow(),
    // The people who opened one: walked from the college's people (a few thousand), each asked for
    // an open in the period, rather than every open of the year sorted to find the distinct ones.
    scope
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.exists(
          scope
            .selectFrom('document_opens')
            .select('document_opens.id')
            .where('document_opens.user_id', '=', sql.ref<number>('users.id'))
            .where('document_opens.opened_at', '>=', period.start)
            .where('document_opens.opened_at', '<', period.end),
        ),
      )
      .executeTakeFirstOrThrow(),
    // Each month looks up its own opens by time (the college filter is on the join's other side).
    (db as Kysely<any>)
      .selectFrom(bucketTable(months, 'b'))
      .crossJoin('document_opens')
      .select((eb) => ['b.label', eb.fn.countAll<number>().as('n')])
      .where('document_opens.college_id', '=', collegeId)
      .whereRef('document_opens.opened_at', '>=', 'b.starts')
      .whereRef('document_opens.opened_at', '<', 'b.ends')
      .groupBy('b.label')
      .execute() as Promise<{ label: string; n: number | string }[]>,
  ])
  const opens = new Map(perMonth.map((m) => [m.label, Number(m.n)]))
  const byMonth = months.map((m) => ({ month: m.label, opens: opens.get(m.label) ?? 0 }))
  return {
    published: Number(published.n),
    opens: byMonth.reduce((sum, m) => sum + m.opens, 0),
    people: Number(people.n),
    by_month: byMonth,
  }
}
