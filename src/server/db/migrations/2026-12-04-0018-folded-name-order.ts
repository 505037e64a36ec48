// Frozen in time: never import application code here. Portable between SQLite and PostgreSQL.
import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Lists of people, companies and local businesses are now ordered by their names folded (lower
// case, without accents, through `search_key()` of migration 0017), so "Álvarez" sorts beside
// "Alvarez" rather than after "Zúñiga", and "de la Fuente" among the Ds. The indexes that served the
// order by the names as written serve it by the folded names instead, so a page is still read from an
// index, not sorted; the local businesses' list had none and now has one. On SQLite `search_key()`
// comes from the server's connection, declared deterministic as an index needs: a program writing
// `users`, `companies` or `pymes`, or checking or vacuuming the file, without it fails with "unknown
// function: search_key()".
const INDEXES: { table: string; name: string; old?: { name: string; columns: string[] } }[] = [
  {
    table: 'users',
    name: 'users_college_name_key',
    old: { name: 'users_college_name', columns: ['college_id', 'name', 'id'] },
  },
  {
    table: 'companies',
    name: 'companies_college_name_key',
    old: { name: 'companies_college', columns: ['college_id', 'name'] },
  },
  { table: 'pymes', name: 'pymes_college_name_key' },
]

// PostgreSQL's `search_key()` of 0017 mapped each accented Latin letter through translate(), which
// looks each character up in a list of a thousand: 21 µs a name, paid for every row a list orders or
// filters by it. Decomposing the text and dropping the accents is the device's own way (search-key.ts),
// for every script, and takes 1 µs. normalize() needs a UTF-8 database; any other keeps 0017's.
const DECOMPOSED = sql.raw(`select lower(regexp_replace(normalize($1, NFD), '[\\u0300-\\u036f]', '', 'g'))`)

async function utf8(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{
    encoding: string
  }>`select current_setting('server_encoding') as encoding`.execute(db)
  return rows[0]?.encoding === 'UTF8'
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter && (await utf8(db))) {
    await sql`
      create or replace function search_key(text) returns text language sql immutable strict parallel safe
      as $$ ${DECOMPOSED} $$
    `.execute(db)
  }
  for (const { table, old, name } of INDEXES) {
    await sql`create index ${sql.raw(name)} on ${sql.raw(table)} (college_id, search_key(name), id)`.execute(
      db,
    )
    if (old) await db.schema.dropIndex(old.name).execute()
  }
}

// The faster `search_key()` stays: for the Latin letters 0017 knew it gives the same text.
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, old, name } of INDEXES) {
    if (old) await db.schema.createIndex(old.name).on(table).columns(old.columns).execute()
    await db.schema.dropIndex(name).execute()
  }
}
