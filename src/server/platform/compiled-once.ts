// Statements built and compiled by Kysely once per database (and per shape, for those whose text
// changes with a filter or a count of ids) and then run with new values in the same places. Building a
// statement from Kysely's tree and compiling it cost about a tenth of the feed's CPU (README, design
// notes), and the feed's own statement, the largest, a sixth, for a text that is the same on every
// request of the same shape. Reads go straight to the database where it can take them (db/read-now.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import { type ReadNow, readerOf } from '../db/read-now.ts'
import type { Database } from '../db/schema.ts'
import { boundList } from './any-of.ts'

/**
 * What a statement takes: a number, a text, a list (bound whole as `anyOf` binds it, or one value per
 * place as Kysely's `in` writes it), or, for statements compiled per shape, a flag or a value left out
 * (undefined), which change the text but land on no parameter.
 */
export type Value = number | string | readonly (number | string)[] | boolean | undefined

/**
 * Where a statement's parameter comes from: an argument, a list argument bound whole, one item of a
 * list argument written a place per item, or a constant of the statement.
 */
type Slot =
  | { arg: number }
  | { arg: number; list: true }
  | { arg: number; item: number }
  | { constant: unknown }

/**
 * `argPlaces`: where each parameter's argument is, when every parameter is an argument as it is given;
 * `read`: the statement's way straight to the database (read-now.ts), found at its first run.
 */
type Kept = { query: CompiledQuery; slots: Slot[]; argPlaces?: number[]; read?: ReadNow }

type Build<Args extends Value[], Row> = (db: Kysely<Database>, ...args: Args) => Compilable<Row>
type Run<Args extends Value[], Row> = (db: Kysely<Database>, ...args: Args) => Promise<Row[]>

/** Shapes kept per statement and database; past this many, a new shape is built each time it comes. */
const MAX_SHAPES = 256

const lands = (mark: Value) => mark !== undefined && typeof mark !== 'boolean'

/** `build` run with `marks`, and where each argument's mark landed among the compiled parameters. */
function prepare<Args extends Value[], Row>(
  db: Kysely<Database>,
  build: Build<Args, Row>,
  marks: Args,
  mayBeUnused: readonly number[],
): Kept {
  const query = build(db, ...marks).compile()
  const wholeLists = marks.map((mark) => (Array.isArray(mark) ? boundList(db, mark) : undefined))
  const slots = query.parameters.map((parameter): Slot => {
    for (const [arg, mark] of marks.entries()) {
      if (!lands(mark)) continue
      if (!Array.isArray(mark)) {
        if (parameter === mark) return { arg }
        continue
      }
      if (parameter === wholeLists[arg]) return { arg, list: true }
      const item = mark.indexOf(parameter as never)
      if (item >= 0) return { arg, item }
    }
    return { constant: parameter }
  })
  marks.forEach((mark, arg) => {
    if (!lands(mark) || mayBeUnused.includes(arg)) return
    const its = slots.filter((slot) => 'arg' in slot && slot.arg === arg)
    // An empty list (an empty `in`) lands nowhere and drops nothing.
    const dropped = !Array.isArray(mark)
      ? its.length === 0
      : !its.some((slot) => 'list' in slot) &&
        mark.some((_, item) => !its.some((slot) => 'item' in slot && slot.item === item))
    if (dropped) throw new Error(`compiledOnce: argument ${arg} lands on no parameter of "${query.sql}"`)
  })
  const plain = slots.every((slot) => 'arg' in slot && !('list' in slot) && !('item' in slot))
  return { query, slots, ...(plain && { argPlaces: slots.map((slot) => (slot as { arg: number }).arg) }) }
}

function parametersOf(db: Kysely<Database>, { slots }: Kept, args: Value[]): unknown[] {
  return slots.map((slot) => {
    if ('constant' in slot) return slot.constant
    const value = args[slot.arg]
    if ('list' in slot) return boundList(db, value as readonly (number | string)[])
    if ('item' in slot) return (value as readonly (number | string)[])[slot.item]
    return value
  })
}

/**
 * A statement whose text depends on a few things besides its values (a filter given or not, how many
 * ids a list holds, a flag): `shapeOf` names the shape of the arguments, and `marksOf` gives marks for
 * a shape (values no real argument equals, of their kind, as many items in each list as the argument
 * has, and the same flags and left-out values). `build` runs once per shape and database with the
 * marks, to learn where each value lands among the parameters (a value found nowhere throws: it would
 * be dropped); the answer runs the compiled text with the arguments in those places and gives its rows.
 */
export function compiledPerShape<Args extends Value[], Row>(
  build: Build<Args, Row>,
  shapeOf: (args: Args) => string | number,
  marksOf: (args: Args) => Args,
  /**
   * Arguments that some shapes do not bind (an audience's lists, for those who see everything): their
   * marks may land nowhere. Only for values of plain numbers and texts, which Kysely binds as given.
   */
  mayBeUnused: readonly number[] = [],
): Run<Args, Row> {
  const kept = new WeakMap<Kysely<Database>, Map<string | number, Kept>>()
  // Nearly every run is on the database of the run before: its shapes without the WeakMap's lookup.
  let lastDb: Kysely<Database> | undefined
  let lastShapes: Map<string | number, Kept> | undefined
  const run = (db: Kysely<Database>, args: Args): Promise<Row[]> => {
    let shapes = db === lastDb ? lastShapes : kept.get(db)
    if (!shapes) {
      shapes = new Map()
      kept.set(db, shapes)
    }
    lastDb = db
    lastShapes = shapes
    const shape = shapeOf(args)
    let statement = shapes.get(shape)
    if (!statement) {
      statement = prepare(db, build, marksOf(args), mayBeUnused)
      if (shapes.size < MAX_SHAPES) shapes.set(shape, statement)
    }
    const { sql, query, queryId } = statement.query
    const parameters = statement.argPlaces
      ? argsAt(statement.argPlaces, args)
      : parametersOf(db, statement, args)
    statement.read ??= readerOf(db, sql)
    const now = statement.read(parameters)
    if (now) return (now instanceof Promise ? now : Promise.resolve(now)) as Promise<Row[]>
    return db.executeQuery<Row>({ sql, query, queryId, parameters }).then(({ rows }) => rows)
  }
  // Not an async function (its promise and frame on every statement of a request), but failing alike:
  // a statement that throws as it runs gives a rejected promise.
  return (db, ...args) => {
    try {
      return run(db, args)
    } catch (error) {
      return Promise.reject(error)
    }
  }
}

/** The arguments at `places`, in their order: the parameters of a statement that binds only arguments. */
function argsAt(places: readonly number[], args: readonly Value[]): unknown[] {
  const parameters = new Array<unknown>(places.length)
  for (let i = 0; i < places.length; i++) parameters[i] = args[places[i]!]
  return parameters
}

/** A statement of one shape whatever its values (`compiledPerShape`, with `marks` for its only shape). */
export function compiledOnce<Args extends Value[], Row>(
  build: Build<Args, Row>,
  marks: Args,
): Run<Args, Row> {
  return compiledPerShape(
    build,
    () => '',
    () => marks,
  )
}

/**
 * The shape of arguments that are plain values, flags or left out: which are given, and the flags.
 * With `marksByPlace`, for statements whose every argument is such (no lists).
 */
export function shapeOfGiven(args: readonly Value[]): number {
  // A digit in base 4 per argument (a number, not a text: asked for each statement of a request).
  let shape = 0
  for (const arg of args)
    shape = shape * 4 + (arg === undefined ? 0 : arg === true ? 1 : arg === false ? 2 : 3)
  return shape
}

/**
 * Marks for `shapeOfGiven`'s arguments: a number or a text of its own for each value given, the flags
 * and the values left out as they are.
 */
export function marksByPlace<Args extends Value[]>(args: Args): Args {
  return args.map((arg, place) =>
    typeof arg === 'number' ? -7_000_000 - place : typeof arg === 'string' ? `\u0000${place}` : arg,
  ) as Args
}
