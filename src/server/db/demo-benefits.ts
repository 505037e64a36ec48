// The demo college accepts advertising: two local companies (one managed by company@demo.test), their
// businesses in four categories, and promotions running now, starting later and already over.
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { addDays, todayIn } from '#shared/time-zones.ts'
import { randomToken } from '../platform/secrets.ts'
import type { Storage } from '../platform/storage.ts'
import { PENDING_VERSION, stampVersion, takeVersion } from '../platform/sync-versions.ts'
import type { Database } from './schema.ts'

export async function seedDemoBenefits(
  trx: Kysely<Database>,
  collegeId: number,
  ids: { users: Map<string, number> },
  now: string,
): Promise<void> {
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  await trx.updateTable('colleges').set({ have_advertising: 1 }).where('id', '=', collegeId).execute()
  const today = todayIn(timezone)
  const categories = new Map<string, number>()
  const list: [string, string][] = [
    ['Alimentación', 'utensils'],
    ['Salud', 'heart-pulse'],
    ['Útiles y libros', 'book-open'],
    ['Deportes', 'dumbbell'],
  ]
  for (const [position, [name, icon]] of list.entries()) {
    const row = await trx
      .insertInto('pyme_categories')
      .values({
        college_id: collegeId,
        name,
        icon,
        position: position + 1,
        version: await takeVersion(trx, collegeId),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    categories.set(name, row.id)
  }
  const company = async (name: string, rut: string, contact: string, email: string) =>
    (
      await trx
        .insertInto('companies')
        .values({
          college_id: collegeId,
          name,
          rut,
          contact_name: contact,
          email,
          phone: '+56 9 8765 4321',
          logo: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const carla = await company(
    'Emprendimientos Carla',
    '76.086.428-5',
    'Carla Emprendedora',
    'company@demo.test',
  )
  const optica = await company('Óptica Central', '77.123.456-8', 'Jorge Lentes', 'contacto@optica.test')
  await trx
    .insertInto('company_users')
    .values({ college_id: collegeId, company_id: carla, user_id: ids.users.get('company@demo.test')! })
    .execute()

  const tag = String(collegeId).padStart(4, '0')
  const pymes: [number, string, string, string, string][] = [
    [
      carla,
      'Pastelería Dulce Carla',
      'Alimentación',
      'Tortas, kuchenes y colaciones saludables para el recreo.',
      'Lun a sáb, 9:00 a 19:00',
    ],
    [
      carla,
      'Librería El Lápiz',
      'Útiles y libros',
      'Útiles escolares, textos y forros a la medida de la lista del colegio.',
      'Lun a vie, 10:00 a 20:00',
    ],
    [
      optica,
      'Óptica Central',
      'Salud',
      'Control de la vista para niños y lentes con garantía.',
      'Lun a vie, 10:00 a 19:00',
    ],
  ]
  for (const [n, [companyId, name, category, description, hours]] of pymes.entries()) {
    const id = `00000000-0000-7000-b000-${tag}${String(n).padStart(8, '0')}`
    await trx
      .insertInto('pymes')
      .values({
        id,
        college_id: collegeId,
        company_id: companyId,
        category_id: categories.get(category)!,
        name,
        description,
        address: `Av. Providencia ${1200 + n * 35}`,
        commune: 'Providencia',
        phone: '+56 2 2345 67' + String(10 + n),
        whatsapp: '5691234567' + String(n),
        hours,
        website: '',
        instagram: '',
        facebook: '',
        photo: null,
        version: PENDING_VERSION,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const promotion = (
      m: number,
      title: string,
      discount: string,
      from: number,
      to: number,
      conditions: string,
    ) =>
      trx
        .insertInto('promotions')
        .values({
          id: `00000000-0000-7000-b100-${tag}${String(n * 10 + m).padStart(8, '0')}`,
          college_id: collegeId,
          pyme_id: id,
          title,
          description: '',
          discount,
          starts_on: addDays(today, from),
          ends_on: addDays(today, to),
          conditions,
          image: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
    if (n === 0) {
      await promotion(1, 'Torta de cumpleaños para el curso', '15%', -5, 25, 'Mostrando la app del colegio.')
      await promotion(2, 'Colación del día del alumno', '2x1', 20, 30, 'Solo el día del alumno.')
    }
    if (n === 1)
      await promotion(1, 'Forros para toda la lista', '10%', -3, 40, 'Con la lista de útiles del curso.')
    if (n === 2) await promotion(1, 'Marzo: control de la vista', '20%', -60, -10, 'Menores de 18 años.')
    // One change number per row: a pull page that ends inside a shared number would skip the rest.
    await stampVersion(trx, collegeId, 'pymes')
  }
}

/** A banner picture drawn from text, as an advertiser would upload one (1200×400). */
function bannerSvg(headline: string, line: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    <rect width="1200" height="400" fill="${color}"/>
    <text x="80" y="190" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${headline}</text>
    <text x="80" y="270" font-family="sans-serif" font-size="40" fill="#fff">${line}</text>
  </svg>`
}

export async function seedDemoBanners(
  trx: Kysely<Database>,
  storage: Storage,
  collegeId: number,
  now: string,
): Promise<void> {
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const today = todayIn(timezone)
  const tag = String(collegeId).padStart(4, '0')
  const banners = [
    [
      'home',
      'Pastelería Dulce Carla: 15% en tortas de curso',
      'Tortas de curso',
      '15% con la app',
      '#b4236b',
    ],
    ['feed', 'Librería El Lápiz: forros para toda la lista', 'Vuelta a clases', 'Forros con 10%', '#1f6f43'],
  ] as const
  for (const [n, [placement, title, headline, line, color]] of banners.entries()) {
    const image = `banners/${collegeId}/${randomToken(18)}.webp`
    await storage.put(
      image,
      await sharp(Buffer.from(bannerSvg(headline, line, color)))
        .webp()
        .toBuffer(),
    )
    await trx
      .insertInto('banners')
      .values({
        id: `00000000-0000-7000-b200-${tag}${String(n).padStart(8, '0')}`,
        college_id: collegeId,
        title,
        link: '',
        placement,
        starts_on: addDays(today, -7),
        ends_on: addDays(today, 60),
        image,
        version: PENDING_VERSION,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await stampVersion(trx, collegeId, 'banners')
  }
}
