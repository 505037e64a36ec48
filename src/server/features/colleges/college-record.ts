// The college's own record (spec section 3) as administrators read and change it. A new name, logo
// or colour is what the next index.html, manifest and icons show: they are worked out from this row.
import type { Kysely } from 'kysely'
import type { CollegeImageKind, CollegeInput, CollegeRecord } from '#shared/colleges.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import type { College } from '../../platform/context.ts'
import { mediaUrl } from '../../platform/media.ts'

function places(raw: string): string[] {
  try {
    const list = JSON.parse(raw) as unknown
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []
  } catch {
    return []
  }
}

export async function loadCollegeRow(db: Kysely<Database>, id: number): Promise<College> {
  return db.selectFrom('colleges').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

export async function collegeRecord(db: Kysely<Database>, college: College): Promise<CollegeRecord> {
  const commune = college.commune_id
    ? await db
        .selectFrom('communes')
        .select(['id', 'name'])
        .where('id', '=', college.commune_id)
        .executeTakeFirst()
    : undefined
  return {
    id: college.id,
    acronym: college.acronym,
    address: college.address,
    app_status_publishing: college.app_status_publishing,
    commune: commune ?? null,
    created_at: college.created_at,
    email: college.email,
    have_advertising: college.have_advertising === 1,
    image: mediaUrl(college.image),
    image_menu: mediaUrl(college.image_menu),
    image_splash: mediaUrl(college.image_splash),
    logo: mediaUrl(college.logo),
    name: college.name,
    phone: college.phone,
    setting: { id: college.id, theme_color: college.theme_color },
    short_name: college.short_name,
    show_onboarding: college.show_onboarding === 1,
    slug: college.slug,
    places: places(college.places),
    language: college.language,
    timezone: college.timezone,
    updated_at: college.updated_at,
  }
}

/** Whether another college already uses this slug. */
export async function slugTaken(db: Kysely<Database>, slug: string, exceptId?: number): Promise<boolean> {
  const other = await db.selectFrom('colleges').select('id').where('slug', '=', slug).executeTakeFirst()
  return Boolean(other && other.id !== exceptId)
}

export async function updateCollege(
  db: Kysely<Database>,
  actor: Actor,
  before: College,
  input: ReturnType<typeof toColumns>,
): Promise<void> {
  const changed = (Object.keys(input) as (keyof typeof input)[]).filter((k) => input[k] !== before[k])
  if (changed.length === 0) return
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('colleges')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', actor.collegeId)
      .execute()
    // Advertising turned on or off adds or takes the Benefits directory from every mirror: each
    // person's next pull starts over (rare, and simpler than re-stamping every listing).
    if (changed.includes('have_advertising'))
      await trx
        .updateTable('users')
        .set((eb) => ({ sync_epoch: eb('sync_epoch', '+', 1) }))
        .where('college_id', '=', actor.collegeId)
        .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: 'college.updated',
      subjectType: 'college',
      subjectId: actor.collegeId,
      details: { fields: changed },
      ip: actor.ip,
    })
  })
}

/** The form's values as the row stores them (flags as 0/1). */
export function toColumns(input: CollegeInput & { commune_id: number | null }) {
  return {
    name: input.name,
    short_name: input.short_name ?? '',
    acronym: input.acronym ?? '',
    slug: input.slug,
    address: input.address ?? '',
    commune_id: input.commune_id,
    email: input.email ?? '',
    phone: input.phone ?? '',
    theme_color: input.theme_color ?? '',
    show_onboarding: input.show_onboarding ? 1 : 0,
    have_advertising: input.have_advertising ? 1 : 0,
    app_status_publishing: input.app_status_publishing ?? 0,
    language: input.language,
    timezone: input.timezone ?? '',
  }
}

/** Puts a stored picture in one of the college's picture slots; answers the key it replaced. */
export async function setCollegePicture(
  db: Kysely<Database>,
  actor: Actor,
  kind: CollegeImageKind,
  key: string,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('colleges')
      .select(kind)
      .where('id', '=', actor.collegeId)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('colleges')
      .set({ [kind]: key, updated_at: nowIso() })
      .where('id', '=', actor.collegeId)
      .execute()
    await audit(trx, {
      collegeId: actor.collegeId,
      actorId: actor.id,
      action: key ? 'college.picture_changed' : 'college.picture_removed',
      subjectType: 'college',
      subjectId: actor.collegeId,
      details: { kind },
      ip: actor.ip,
    })
    return before[kind] as string
  })
}
