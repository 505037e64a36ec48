// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Searches compare text in lower case and without accents ("nunez" finds "Núñez", "alvarez" finds
// "ÁLVAREZ"), as the device's mirror does. SQLite gets `search_key()` from the server on each
// connection (its own `lower()` knew only ASCII, so "álvarez" did not find "ÁLVAREZ" there while it
// did on PostgreSQL). Here PostgreSQL gets the same: every precomposed Latin letter mapped to its base
// letter, loose combining accents dropped, then `lower()`. The letters are listed by the code below
// rather than written out; Unicode's decompositions of them never change.
const ACCENTS: Array<[number, number]> = [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
]

function letters(): { from: string; to: string } {
  let from = ''
  let to = ''
  for (const [first, last] of ACCENTS) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code)
      const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      if (base !== letter && base.length === 1) {
        from += letter
        to += base
      }
    }
  }
  // Characters of `from` past the end of `to` are deleted by translate(): the combining accents.
  for (let code = 0x0300; code <= 0x036f; code++) from += String.fromCodePoint(code)
  return { from, to }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  const { from, to } = letters()
  await sql`
    create function search_key(text) returns text language sql immutable strict parallel safe
    as $$ select lower(translate($1, ${sql.lit(from)}, ${sql.lit(to)})) $$
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop function search_key(text)`.execute(db)
}
