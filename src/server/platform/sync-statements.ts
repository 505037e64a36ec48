// The statements of the sync sources, compiled once per shape (compiled-once.ts). A sync page asks
// every mirrored collection for its rows in the page's range: on a family's first page 27 statements,
// built from Kysely's tree and compiled afresh each time, about a tenth of the page's CPU and the
// largest part of what the app spent beyond the database's own work and the answer's bytes.
import type {
  Compilable,
  Expression,
  ExpressionBuilder,
  Kysely,
  Selectable,
  SelectQueryBuilder,
  SqlBool,
} from 'kysely'
import type { Database, TenantTable } from '../db/schema.ts'
import type { Audience } from './audience.ts'
import { compiledPerShape, type Value } from './compiled-once.ts'
import type { PullContext } from './sync-registry.ts'
import { tenantScope } from './tenant-scope.ts'

/** A page's range as a statement takes it: its college, its change numbers and its length. */
export type PageRange = { collegeId: number; since: number; until: number; desc: boolean; limit: number }

type RangeArgs = [collegeId: number, since: number, until: number, desc: boolean, limit: number]

/** Stand-ins no real range holds (compiled-once.ts: values that land on a parameter each). */
const rangeMarks = (desc: boolean): RangeArgs => [-7_401, -7_402, -7_403, desc, -7_404]

/**
 * `table`'s rows of this college whose change number is in the page's range, in page order, at most
 * the page's length: what every source's statement starts from.
 */
export function rowsInRange<T extends TenantTable>(
  db: Kysely<Database>,
  table: T,
  range: PageRange,
): SelectQueryBuilder<Database, T, object> {
  return tenantScope(db, range.collegeId)
    .selectFrom(table)
    .where(`${table}.version` as never, '>', range.since as never)
    .where(`${table}.version` as never, '<=', range.until as never)
    .orderBy(`${table}.version` as never, range.desc ? 'desc' : 'asc')
    .limit(range.limit)
}

/**
 * A source's statement for a page, compiled once per shape: `build` is given the page's range and the
 * source's own values (`Extra`); `shapeOf` names what changes its text besides the page's direction
 * (how many ids a list holds, a filter given or not) and `marksOf` gives stand-ins of that shape.
 */
export function pageStatement<Extra extends Value[], Row>(
  build: (db: Kysely<Database>, range: PageRange, ...extra: Extra) => Compilable<Row>,
  shapeOf: (extra: Extra) => string,
  marksOf: (extra: Extra) => Extra,
  /** The places among `Extra` of values some shapes do not bind (an audience's lists). */
  mayBeUnused: readonly number[] = [],
): (ctx: PullContext, ...extra: Extra) => Promise<Row[]> {
  const first = rangeMarks(false).length
  const run = compiledPerShape<[...RangeArgs, ...Extra], Row>(
    (db, collegeId, since, until, desc, limit, ...extra) =>
      build(db, { collegeId, since, until, desc, limit }, ...(extra as unknown as Extra)),
    ([, , , desc, , ...extra]) => `${desc} ${shapeOf(extra as unknown as Extra)}`,
    ([, , , desc, , ...extra]) => [...rangeMarks(desc), ...marksOf(extra as unknown as Extra)],
    mayBeUnused.map((place) => first + place),
  )
  return (ctx, ...extra) =>
    run(ctx.db, ctx.college.id, ctx.since, ctx.until, ctx.order === 'desc', ctx.limit, ...extra)
}

/** `pageStatement` for a source with no values of its own. */
export function plainPageStatement<Row>(
  build: (db: Kysely<Database>, range: PageRange) => Compilable<Row>,
): (ctx: PullContext) => Promise<Row[]> {
  return pageStatement<[], Row>(
    build,
    () => '',
    () => [],
  )
}

/** An audience (audience.ts) as a statement takes it: its flags, the person and its lists. */
export type AudienceArgs = [
  all: boolean,
  admin: boolean,
  userId: number | undefined,
  gradeIds: readonly number[],
  courseIds: readonly number[],
  userIds: readonly number[],
]

export function audienceArgs(audience: Audience): AudienceArgs {
  const { all, admin, userId, gradeIds, courseIds, userIds } = audience
  return [all, admin, userId, gradeIds, courseIds, userIds]
}

/** The audience back from a statement's arguments, for the WHERE clauses written for one. */
export function audienceFrom(
  collegeId: number,
  [all, admin, userId, gradeIds, courseIds, userIds]: AudienceArgs,
): Audience {
  return {
    collegeId,
    all,
    admin,
    userId: userId!,
    gradeIds: [...gradeIds],
    courseIds: [...courseIds],
    userIds: [...userIds],
  }
}

/** What makes an audience's statement text differ: its flags and the lengths of its lists. */
export const audienceShape = ([all, admin, , grades, courses, people]: AudienceArgs) =>
  `${all} ${admin} ${grades.length} ${courses.length} ${people.length}`

/**
 * Stand-ins for an audience of this shape, every value of it given: a statement binds only those its
 * WHERE clause asks for that shape (none of the lists for those who see all), so `pageStatement` is
 * told that they may land nowhere (`AUDIENCE_MAY_BE_UNUSED`).
 */
export function audienceMarks([all, admin, , grades, courses, people]: AudienceArgs): AudienceArgs {
  return [
    all,
    admin,
    -7_601,
    grades.map((_, i) => -1_000_000 - i),
    courses.map((_, i) => -2_000_000 - i),
    people.map((_, i) => -3_000_000 - i),
  ]
}

/** The person and the three lists of `AudienceArgs`, by their place among them. */
export const AUDIENCE_MAY_BE_UNUSED = [2, 3, 4, 5] as const

/**
 * The rows of `table` in the page's range that an audience may see (`visible`, the table's WHERE
 * clause for an audience), all their columns: compiled once per audience shape.
 */
export function visibleRowsStatement<T extends TenantTable>(
  table: T,
  visible: (audience: Audience) => (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): (ctx: PullContext, audience: Audience) => Promise<Selectable<Database[T]>[]> {
  const run = pageStatement<AudienceArgs, Selectable<Database[T]>>(
    (db, range, ...args) =>
      rowsInRange(db, table, range)
        .selectAll()
        .where(visible(audienceFrom(range.collegeId, args)) as never) as unknown as Compilable<
        Selectable<Database[T]>
      >,
    audienceShape,
    audienceMarks,
    AUDIENCE_MAY_BE_UNUSED,
  )
  return (ctx, audience) => run(ctx, ...audienceArgs(audience))
}

/**
 * The rows of `table` in the page's range that are one person's own (their notifications, their reads
 * and opens), with the columns `select` picks: compiled once.
 */
export function ownRowsStatement<T extends TenantTable, Row>(
  table: T,
  select: (rows: SelectQueryBuilder<Database, T, object>) => Compilable<Row>,
): (ctx: PullContext) => Promise<Row[]> {
  const run = pageStatement<[userId: number], Row>(
    (db, range, userId) =>
      select(rowsInRange(db, table, range).where(`${table}.user_id` as never, '=', userId as never)),
    () => '',
    () => [-7_501],
  )
  return (ctx) => run(ctx, ctx.user.id)
}
