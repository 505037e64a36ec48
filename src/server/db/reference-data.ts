// Data every installation needs, whatever its colleges: Chile's communes for the college's address.
// Run at every start; it only adds what is missing, so it is cheap once done.
import type { Kysely } from 'kysely'
import { CHILE_COMMUNES } from './chile-communes.ts'
import type { Database } from './schema.ts'

export async function ensureReferenceData(db: Kysely<Database>): Promise<void> {
  const known = await db.selectFrom('communes').select(['id', 'name', 'region']).execute()
  if (known.filter((c) => c.region !== '').length >= CHILE_COMMUNES.length) return
  await db.transaction().execute(async (trx) => {
    const missing = []
    for (const commune of CHILE_COMMUNES) {
      const same = known.filter((k) => k.name === commune.name)
      if (same.some((k) => k.region === commune.region)) continue
      // A commune added by name alone (an older demo) gets its region rather than a twin.
      const unplaced = same.find((k) => k.region === '')
      if (unplaced) {
        await trx
          .updateTable('communes')
          .set({ region: commune.region })
          .where('id', '=', unplaced.id)
          .execute()
        unplaced.region = commune.region
      } else missing.push(commune)
    }
    for (let i = 0; i < missing.length; i += 100)
      await trx
        .insertInto('communes')
        .values(missing.slice(i, i + 100))
        .execute()
  })
}
