// Queries and changes of the college's public content, each change with its audit row.
import type { Kysely } from 'kysely'
import type { Manager, PublicContact, Slide, SocialLink, SocialNetwork } from '#shared/colleges.schema.ts'
import type { Database } from '../../db/schema.ts'
import { type Actor, audit } from '../../platform/audit.ts'
import { nowIso } from '../../platform/clock.ts'
import { containsText, keysetPage, sortSpec } from '../../platform/keyset.ts'
import { mediaUrl } from '../../platform/media.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

const record = (
  trx: Kysely<Database>,
  actor: Actor,
  action: string,
  subjectType: string,
  subjectId: number,
  details?: Record<string, unknown>,
) =>
  audit(trx, {
    collegeId: actor.collegeId,
    actorId: actor.id,
    action,
    subjectType,
    subjectId,
    details,
    ip: actor.ip,
  })

// Managers ---------------------------------------------------------------------------------------

function toManager(row: {
  id: number
  name: string
  position: string
  category: string
  photo: string | null
  email: string
  phone: string
}): Manager {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    category: row.category,
    photo_url: mediaUrl(row.photo),
    email: row.email,
    phone: row.phone,
  }
}

const MANAGER_COLUMNS = ['id', 'name', 'position', 'category', 'photo', 'email', 'phone'] as const

export async function listManagers(
  db: Kysely<Database>,
  collegeId: number,
  query: { q: string; cursor?: string; limit: number; sort: string; category: string },
) {
  let select = tenantScope(db, collegeId).selectFrom('college_managers').select(MANAGER_COLUMNS)
  if (query.q) select = select.where(containsText(['name', 'position', 'email', 'category'], query.q))
  if (query.category) select = select.where('category', '=', query.category)
  const sort = sortSpec(query.sort, { name: 'name', category: 'category' }, ['name', 'category'])
  const page = await keysetPage(select, {
    sort,
    idColumn: 'id',
    cursor: query.cursor,
    limit: query.limit,
    valueOf: (row) => String(row[sort.column as 'name' | 'category']),
  })
  const categories = await tenantScope(db, collegeId)
    .selectFrom('college_managers')
    .select('category')
    .where('category', '<>', '')
    .groupBy('category')
    .orderBy('category')
    .execute()
  return {
    data: page.rows.map(toManager),
    next_cursor: page.next_cursor,
    categories: categories.map((c) => c.category),
  }
}

export async function managerById(db: Kysely<Database>, collegeId: number, id: number) {
  return tenantScope(db, collegeId)
    .selectFrom('college_managers')
    .select(MANAGER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function saveManager(
  db: Kysely<Database>,
  actor: Actor,
  id: number | undefined,
  input: {
    name: string
    position: string
    category: string
    email: string
    phone: string
    photo?: string | null
  },
): Promise<{ manager: Manager; replacedPhoto: string | null }> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const now = nowIso()
    let replacedPhoto: string | null = null
    let managerId = id
    if (id) {
      const before = await scope
        .selectFrom('college_managers')
        .select('photo')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      replacedPhoto = before.photo
      await scope
        .updateTable('college_managers')
        .set({ ...input, updated_at: now })
        .where('id', '=', id)
        .execute()
    } else {
      const row = await scope
        .insertInto('college_managers', {
          ...input,
          photo: input.photo ?? null,
          sort_order: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      managerId = row.id
    }
    await record(trx, actor, id ? 'manager.updated' : 'manager.created', 'manager', managerId!, {
      name: input.name,
    })
    const manager = await scope
      .selectFrom('college_managers')
      .select(MANAGER_COLUMNS)
      .where('id', '=', managerId!)
      .executeTakeFirstOrThrow()
    return { manager: toManager(manager), replacedPhoto }
  })
}

/** Deletes a manager; answers their photo's key ('' when none), or undefined when there is no such manager. */
export async function deleteManager(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const row = await scope
      .selectFrom('college_managers')
      .select(['name', 'photo'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    await scope.deleteFrom('college_managers').where('id', '=', id).execute()
    await record(trx, actor, 'manager.deleted', 'manager', id, { name: row.name })
    return row.photo ?? ''
  })
}

// Slides -----------------------------------------------------------------------------------------

export async function slidesOf(
  db: Kysely<Database>,
  collegeId: number,
  activeOnly: boolean,
): Promise<Slide[]> {
  let query = tenantScope(db, collegeId)
    .selectFrom('college_slides')
    .select(['id', 'image', 'caption', 'link', 'active', 'sort_order'])
    .orderBy('sort_order')
    .orderBy('id')
  if (activeOnly) query = query.where('active', '=', 1)
  return (await query.execute()).map((row, position) => ({
    id: row.id,
    image_url: mediaUrl(row.image)!,
    caption: row.caption,
    link: row.link,
    active: row.active === 1,
    position,
  }))
}

export async function slideById(db: Kysely<Database>, collegeId: number, id: number) {
  return tenantScope(db, collegeId)
    .selectFrom('college_slides')
    .select(['id', 'image'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function saveSlide(
  db: Kysely<Database>,
  actor: Actor,
  id: number | undefined,
  input: { caption: string; link: string; active: boolean; image?: string },
): Promise<Slide> {
  const slideId = await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const values = { caption: input.caption, link: input.link, active: input.active ? 1 : 0 }
    if (id) {
      await scope.updateTable('college_slides').set(values).where('id', '=', id).execute()
    } else {
      const last = await scope
        .selectFrom('college_slides')
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .executeTakeFirst()
      const row = await scope
        .insertInto('college_slides', {
          ...values,
          image: input.image!,
          sort_order: Number(last?.max ?? -1) + 1,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      id = row.id
    }
    await record(trx, actor, input.image ? 'slide.created' : 'slide.updated', 'slide', id)
    return id
  })
  return (await slidesOf(db, actor.collegeId, false)).find((s) => s.id === slideId)!
}

/** Puts the slides in the order given; slides not named keep their place after them. */
export async function orderSlides(db: Kysely<Database>, actor: Actor, ids: number[]): Promise<Slide[]> {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const current = (await slidesOf(trx, actor.collegeId, false)).map((s) => s.id)
    const named = [...new Set(ids)].filter((id) => current.includes(id))
    const order = [...named, ...current.filter((id) => !named.includes(id))]
    for (const [position, id] of order.entries())
      await scope.updateTable('college_slides').set({ sort_order: position }).where('id', '=', id).execute()
    await record(trx, actor, 'slides.reordered', 'college', actor.collegeId, { order })
  })
  return slidesOf(db, actor.collegeId, false)
}

export async function deleteSlide(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    const row = await scope
      .selectFrom('college_slides')
      .select('image')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    await scope.deleteFrom('college_slides').where('id', '=', id).execute()
    await record(trx, actor, 'slide.deleted', 'slide', id)
    return row.image
  })
}

// Social links and public contacts ---------------------------------------------------------------

export async function socialLinksOf(db: Kysely<Database>, collegeId: number): Promise<SocialLink[]> {
  const rows = await tenantScope(db, collegeId)
    .selectFrom('college_social_links')
    .select(['network', 'url'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ network: r.network as SocialNetwork, url: r.url }))
}

export async function replaceSocialLinks(db: Kysely<Database>, actor: Actor, links: SocialLink[]) {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    await scope.deleteFrom('college_social_links').execute()
    if (links.length)
      await scope
        .insertInto(
          'college_social_links',
          links.map((link, sort_order) => ({ ...link, sort_order })),
        )
        .execute()
    await record(trx, actor, 'college.social_updated', 'college', actor.collegeId, { count: links.length })
  })
}

export async function contactsOf(
  db: Kysely<Database>,
  collegeId: number,
): Promise<{ intro: string; contacts: PublicContact[] }> {
  const [college, rows] = await Promise.all([
    db.selectFrom('colleges').select('contact_intro').where('id', '=', collegeId).executeTakeFirstOrThrow(),
    tenantScope(db, collegeId)
      .selectFrom('college_contacts')
      .select(['area', 'name', 'email', 'phone'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ])
  return { intro: college.contact_intro, contacts: rows }
}

export async function replaceContacts(
  db: Kysely<Database>,
  actor: Actor,
  input: { intro: string; contacts: PublicContact[] },
) {
  await db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, actor.collegeId)
    await trx
      .updateTable('colleges')
      .set({ contact_intro: input.intro, updated_at: nowIso() })
      .where('id', '=', actor.collegeId)
      .execute()
    await scope.deleteFrom('college_contacts').execute()
    if (input.contacts.length)
      await scope
        .insertInto(
          'college_contacts',
          input.contacts.map((contact, sort_order) => ({ ...contact, sort_order })),
        )
        .execute()
    await record(trx, actor, 'college.contacts_updated', 'college', actor.collegeId, {
      count: input.contacts.length,
    })
  })
}
