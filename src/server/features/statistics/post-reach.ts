// Posts published in the period, the families each one reached and who of them read it. The audience
// is the rule of "Read by N of M" (platform/read-report.ts), counted here for many posts at once: a
// post for the whole college reaches every student and guardian; one for grades and courses, the
// students enrolled there and their guardians.
//
// Posts share their audiences (a school writes to the same courses all year), so the people are listed
// once per course and grade, not once per post: a post for one course or grade reached as many as its
// course or grade has; only a post for several is counted person by person. Whole-college posts are
// counted from the college's family count. Reads are walked from the period's posts, never from every
// read the college has, and a read counts when its reader is in the audience of its post.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { ReachFigures, Statistics } from '#shared/statistics.schema.ts'
import type { Dialect } from '../../db/connection.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import type { Period } from './statistics-period.ts'
import { analytic, median, minuteOf, shareOf, storedMinuteOf, wholeMinutes } from './statistics-sql.ts'

type RecentPost = Statistics['reach']['recent_posts'][number]
type Which = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>

const FAMILY_ROLES = ['student', 'guardian']
const RECENT_POSTS = 10

/** The queries of one period, built for one connection (each group of them runs on its own). */
function reachQueries(
  db: Kysely<Database>,
  dialect: Dialect,
  collegeId: number,
  period: Period,
  now: string,
) {
  const scope = tenantScope(db, collegeId)
  const anyDb = db as Kysely<any>
  /** Published in the period, not deleted: a post scheduled for later than now has reached nobody yet. */
  const published: Which = (eb) =>
    eb.and([
      eb('posts.deleted_at', 'is', null),
      eb('posts.publish_at', '>=', period.start),
      eb('posts.publish_at', '<', period.end),
      eb('posts.publish_at', '<=', now),
    ])
  const forWholeCollege = (eb: ExpressionBuilder<any, any>) =>
    eb.exists(
      scope
        .selectFrom('post_targets')
        .select('post_targets.id')
        .where('post_targets.post_id', '=', sql.ref<string>('posts.id'))
        .where('post_targets.grade_id', 'is', null)
        .where('post_targets.course_id', 'is', null),
    )
  const enrolled = () =>
    scope
      .selectFrom('enrollments')
      .innerJoin('courses', (j) =>
        j.onRef('courses.id', '=', 'enrollments.course_id').on('courses.college_id', '=', collegeId),
      )
  const withGuardians = <Q extends ReturnType<typeof enrolled>>(query: Q) =>
    query.innerJoin('guardianships', (j) =>
      j
        .onRef('guardianships.student_id', '=', 'enrollments.student_id')
        .on('guardianships.college_id', '=', collegeId),
    )

  /**
   * `picked`: the posts `which` picks, with the minute each was published and whether it is for the
   * whole college; `members`: who each course (key: its id) and each grade (key: minus its id)
   * reaches, students and their guardians; `targets`: the course and grade keys of the picked posts
   * not for the whole college, with the minute each was published; `reads`: the reads that count,
   * with the minutes each waited. The first three are materialized: worked out once, then looked up
   * by every read.
   */
  const reach = (which: Which) =>
    anyDb
      .with(
        (cte) => cte('picked').materialized(),
        () =>
          scope
            .selectFrom('posts')
            .select((eb) => [
              'posts.id',
              minuteOf(dialect, sql.ref('posts.publish_at')).as('at'),
              eb.case().when(forWholeCollege(eb)).then(1).else(0).end().as('whole'),
            ])
            .where(which),
      )
      .with(
        (cte) => cte('members').materialized(),
        () =>
          enrolled()
            .select(['enrollments.course_id as key', 'enrollments.student_id as user_id'])
            .union(
              withGuardians(enrolled()).select([
                'enrollments.course_id as key',
                'guardianships.guardian_id as user_id',
              ]),
            )
            .union(
              enrolled().select([
                sql<number>`-courses.grade_id`.as('key'),
                'enrollments.student_id as user_id',
              ]),
            )
            .union(
              withGuardians(enrolled()).select([
                sql<number>`-courses.grade_id`.as('key'),
                'guardianships.guardian_id as user_id',
              ]),
            ),
      )
      .with(
        (cte) => cte('targets').materialized(),
        (qc) =>
          qc
            .selectFrom('picked')
            .innerJoin('post_targets', (j) =>
              j.onRef('post_targets.post_id', '=', 'picked.id').on('post_targets.college_id', '=', collegeId),
            )
            .select([
              'post_targets.post_id',
              sql<number>`coalesce(post_targets.course_id, -post_targets.grade_id)`.as('key'),
              'picked.at',
            ])
            .where('picked.whole', '=', 0),
      )
      .with('reads', (qc) => {
        const waited = (from: 'picked' | 'targets') =>
          sql<number>`${storedMinuteOf(dialect, sql.ref('post_reads.read_at'))} - ${sql.ref(`${from}.at`)}`
        // `cross join`: SQLite then walks the posts (or their targets) first, each to its own reads
        // (PostgreSQL plans it as any join). The posts are the college's (picked through its scope)
        // and a read is its post's college's, so the reads are read from the index alone, without
        // their rows.
        // A read counts when its reader is a member of one of its post's targets (`distinct`: of two
        // of them, still once), walked from the targets: from the picked posts, SQLite scanned every
        // target for each post (a year: 55 ms for 3,000 reads). For the whole college, it counts when
        // its reader is a family: everyone who reads is one of the college's people, so anyone but
        // the (few) others.
        return qc
          .selectFrom('targets')
          .crossJoin('post_reads')
          .whereRef('post_reads.post_id', '=', 'targets.post_id')
          .innerJoin('members', (j) =>
            j.onRef('members.key', '=', 'targets.key').onRef('members.user_id', '=', 'post_reads.user_id'),
          )
          .select(['post_reads.post_id', 'post_reads.user_id', waited('targets').as('m')])
          .distinct()
          .unionAll(
            qc
              .selectFrom('picked')
              .crossJoin('post_reads')
              .whereRef('post_reads.post_id', '=', 'picked.id')
              .where('picked.whole', '=', 1)
              .select(['post_reads.post_id', 'post_reads.user_id', waited('picked').as('m')])
              .where(
                'post_reads.user_id',
                'not in',
                scope
                  .selectFrom('users')
                  .innerJoin('roles', 'roles.id', 'users.role_id')
                  .select('users.id')
                  .where('roles.key', 'not in', FAMILY_ROLES),
              ),
          )
      })
      .with('many', (qc) =>
        qc
          .selectFrom('targets')
          .select('targets.post_id')
          .groupBy('targets.post_id')
          .having(sql`count(*)`, '>', 1),
      )

  /** The people reached by the posts with one target: the sizes of their courses and grades. */
  const throughOneTarget = (eb: ExpressionBuilder<any, any>) =>
    eb
      .selectFrom('targets')
      .innerJoin(
        eb
          .selectFrom('members')
          .select((inner) => ['members.key', inner.fn.countAll().as('n')])
          .groupBy('members.key')
          .as('sizes'),
        'sizes.key',
        'targets.key',
      )
      .select((inner) => inner.fn.sum('sizes.n').as('n'))
      .where('targets.post_id', 'not in', eb.selectFrom('many').select('many.post_id'))
  /** The people reached by the posts with several targets, each once per post. */
  const throughSeveral = (eb: ExpressionBuilder<any, any>) =>
    eb
      .selectFrom(
        eb
          .selectFrom('targets')
          .innerJoin('members', 'members.key', 'targets.key')
          .select(['targets.post_id', 'members.user_id'])
          .where('targets.post_id', 'in', eb.selectFrom('many').select('many.post_id'))
          .distinct()
          .as('several'),
      )
      .select((inner) => inner.fn.countAll().as('n'))

  return { scope, published, forWholeCollege, reach, throughOneTarget, throughSeveral }
}

type Figures = { targeted: number | string | null; read: number | string; m: number | string | null }

/** Every read of the period's posts that counts, with the minutes each waited: the longest query. */
function countedReads(q: ReturnType<typeof reachQueries>, dialect: Dialect): Promise<Figures> {
  return q
    .reach(q.published)
    .selectFrom('reads')
    .select((eb) => [
      // A post for one course or grade: as many as it has; for several, each person once.
      sql<number>`coalesce((${q.throughOneTarget(eb)}), 0) + (${q.throughSeveral(eb)})`.as('targeted'),
      eb.fn.countAll<number>().as('read'),
      median(dialect, sql.ref('reads.m')).as('m'),
    ])
    .executeTakeFirstOrThrow() as Promise<Figures>
}

/**
 * How many posts the period has (and how many for the whole college), the college's family count,
 * and the latest posts one by one. Counted where the posts are: a year of a large college is
 * thousands of posts, of which the dashboard shows ten.
 */
async function postsOfPeriod(q: ReturnType<typeof reachQueries>) {
  const { scope, published, forWholeCollege, reach } = q
  const sent = await scope
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn.count<number | string>(eb.case().when(forWholeCollege(eb)).then(1).end()).as('whole'),
    ])
    .where(published)
    .executeTakeFirstOrThrow()
  const posts = await scope
    .selectFrom('posts')
    .select((eb) => ['posts.id', 'posts.title', 'posts.publish_at', forWholeCollege(eb).as('whole')])
    .where(published)
    .orderBy('posts.publish_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(RECENT_POSTS)
    .execute()
  const isWhole = (post: (typeof posts)[number]) => post.whole === true || Number(post.whole) === 1
  const recentIds = posts.map((p) => p.id)
  const recentOnly: Which = (eb) => eb('posts.id', 'in', recentIds.length ? recentIds : [''])
  const [families, recentReach] = await Promise.all([
    scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roles.key', 'in', FAMILY_ROLES)
      .executeTakeFirstOrThrow(),
    // The latest posts one by one: their audiences (a few hundred people each), and who read each.
    Promise.all([
      reach(recentOnly)
        .selectFrom('targets')
        .innerJoin('members', 'members.key', 'targets.key')
        .select((eb) => ['targets.post_id', eb.fn.count('members.user_id').distinct().as('n')])
        .groupBy('targets.post_id')
        .execute(),
      reach(recentOnly)
        .selectFrom('reads')
        .select((eb) => ['reads.post_id', eb.fn.countAll<number>().as('n')])
        .groupBy('reads.post_id')
        .execute(),
    ]) as Promise<{ post_id: string; n: number | string }[][]>,
  ])
  return { sent, posts, isWhole, families, recentReach }
}

/**
 * The period's posts: how many, whom they reached and who read them, and the latest one by one. The
 * reads run in a group of their own (on PostgreSQL on a connection of their own, see `analytic`)
 * beside the posts' list, which they do not need.
 */
export async function postReach(
  deps: { db: Kysely<Database>; dialect: Dialect },
  collegeId: number,
  period: Period,
  now: string,
): Promise<{ posts: ReachFigures; recent: RecentPost[] }> {
  const queries = (db: Kysely<Database>) => reachQueries(db, deps.dialect, collegeId, period, now)
  const [counted, { sent, posts, isWhole, families, recentReach }] = await Promise.all([
    analytic(deps, (db) => countedReads(queries(db), deps.dialect)),
    analytic(deps, (db) => postsOfPeriod(queries(db))),
  ])

  const everyFamily = Number(families.n)
  const wholePosts = Number(sent.whole)
  const targeted = Number(counted.targeted ?? 0) + wholePosts * everyFamily
  const read = Number(counted.read)
  const [audiences, readers] = recentReach.map((rows) => new Map(rows.map((r) => [r.post_id, Number(r.n)])))
  const recent = posts.map((p) => ({
    id: p.id,
    title: p.title,
    published_at: p.publish_at,
    targeted: isWhole(p) ? everyFamily : (audiences!.get(p.id) ?? 0),
    read: readers!.get(p.id) ?? 0,
  }))
  return {
    posts: {
      sent: Number(sent.all),
      targeted,
      read,
      share: shareOf(read, targeted),
      median_minutes_to_read: wholeMinutes(counted.m),
    },
    recent,
  }
}
