// Statements whose shape never changes, built and compiled by Kysely once per database and then run
// with new values in the same places. Building a statement from Kysely's tree and compiling it cost
// about a tenth of the feed's CPU (README, design notes), for a text that is the same on every request.
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { boundList } from './any-of.ts'

/**
 * What a statement takes: a number, a text, or a list bound whole (`anyOf`: a JSON text on SQLite,
 * an array on PostgreSQL).
 */
type Value = number | string | readonly (number | string)[]

/** Where a statement's parameter comes from: an argument (a list bound as `anyOf` binds it), or a constant of the statement. */
type Slot = { arg: number; list: boolean } | { constant: unknown }

type Kept = { query: CompiledQuery; slots: Slot[] }

/**
 * `build` run once per database with `marks` (values no real argument equals, one per argument, of
 * its kind) in place of the arguments, to learn where each lands among the parameters (a mark found
 * nowhere throws: its argument would be dropped). The answer runs the compiled text with the
 * arguments in those places and gives its rows. `build` must make the same text whatever the values.
 */
export function compiledOnce<Args extends Value[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  marks: Args,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const kept = new WeakMap<Kysely<Database>, Kept>()
  const prepare = (db: Kysely<Database>): Kept => {
    const query = build(db, ...marks).compile()
    const forms = marks.map((mark) => (Array.isArray(mark) ? boundList(db, mark) : mark))
    const slots = query.parameters.map((parameter): Slot => {
      const arg = forms.indexOf(parameter as never)
      if (arg < 0) return { constant: parameter }
      return { arg, list: Array.isArray(marks[arg]) }
    })
    marks.forEach((_, arg) => {
      if (!slots.some((slot) => 'arg' in slot && slot.arg === arg))
        throw new Error(`compiledOnce: argument ${arg} lands on no parameter of "${query.sql}"`)
    })
    return { query, slots }
  }
  return async (db, ...args) => {
    let statement = kept.get(db)
    if (!statement) {
      statement = prepare(db)
      kept.set(db, statement)
    }
    const parameters = statement.slots.map((slot) => {
      if ('constant' in slot) return slot.constant
      const value = args[slot.arg]!
      return slot.list ? boundList(db, value as readonly (number | string)[]) : value
    })
    const { rows } = await db.executeQuery<Row>({ ...statement.query, parameters })
    return rows
  }
}
