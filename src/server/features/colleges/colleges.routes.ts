import { Hono } from 'hono'
import * as v from 'valibot'
import type { CollegeSession } from '#shared/api-types.ts'
import type { CollegePublic } from '#shared/colleges.schema.ts'
import { isRtl, matchLocale } from '#shared/constants.ts'
import { optionalText } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { requireAuth, suspended } from '../../platform/auth.ts'
import { logoBytes } from '../../platform/college-logo.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, notFound } from '../../platform/errors.ts'
import { findCollegeByHost, normalizeHost, requireCollege } from '../../platform/tenancy.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { ensureIcon, ICON_VARIANTS, type IconVariant, logoHash } from './app-icons.ts'
import { currentLogoHash, toDomainDto } from './college-branding.ts'
import { contactsOf, listManagers, slidesOf, socialLinksOf } from './college-content.service.ts'

export const collegesRoutes = new Hono<AppEnv>()

const domainSchema = v.object({ domain: optionalText(255), company: v.optional(v.unknown()) })

collegesRoutes.post('/api/colleges/domain', async (c) => {
  const body = (await readJson(c)) as Record<string, unknown> | null
  // The spec sends {params: {domain, company}}; plain {domain} and the query string work as well.
  const params = body && typeof body === 'object' && 'params' in body ? body.params : body
  const input = validate(c, domainSchema, { domain: c.req.query('domain'), ...(params as object) })
  const host = input.domain ? normalizeHost(input.domain) : c.get('host')
  const college = host === c.get('host') ? c.get('college') : await findCollegeByHost(c.get('deps').db, host)
  if (!college) throw new ApiError(404, messages.unknownCollege)
  const { storage, config } = c.get('deps')
  return c.json(toDomainDto(college, await currentLogoHash(college, storage, config.publicDir)))
})

collegesRoutes.get('/api/v1/session/college', requireAuth, async (c) => {
  const { user } = c.get('auth')
  const collegeId = user.college_id ?? c.get('college')?.id
  if (collegeId == null) throw notFound()
  const { db } = c.get('deps')
  const college = await db
    .selectFrom('colleges')
    .select(['id', 'name'])
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  return c.json({ id: college.id, name: college.name } satisfies CollegeSession)
})

collegesRoutes.get('/manifest.webmanifest', async (c) => {
  const college = requireCollege(c)
  const { storage, config } = c.get('deps')
  const hash = await currentLogoHash(college, storage, config.publicDir)
  const lang = matchLocale(college.language) ?? college.language
  const icon = (variant: IconVariant) => ({
    src: `/icons/${college.id}/${hash}-${variant}.png`,
    sizes: variant === '192' ? '192x192' : '512x512',
    type: 'image/png',
    purpose: variant === '512-maskable' ? 'maskable' : 'any',
  })
  const manifest = {
    id: '/',
    name: college.name,
    short_name: college.short_name || college.name.slice(0, 12),
    description: college.name,
    lang,
    dir: isRtl(lang) ? 'rtl' : 'ltr',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    theme_color: college.theme_color,
    background_color: '#ffffff',
    icons: ICON_VARIANTS.map(icon),
  }
  return c.body(JSON.stringify(manifest), 200, {
    'Content-Type': 'application/manifest+json; charset=utf-8',
    'Cache-Control': 'no-cache',
  })
})

collegesRoutes.get('/icons/:college/:name', async (c) => {
  const college = requireCollege(c)
  const match = c.req.param('name').match(/^([a-f0-9]{16})-(64|180|192|512|512-maskable)\.png$/)
  if (String(college.id) !== c.req.param('college') || !match) throw notFound()
  const { storage, config } = c.get('deps')
  const logo = await logoBytes(college, storage, config.publicDir)
  // An old hash (the logo changed since) gets the current icon, never a 404 for an installed app.
  const png = await ensureIcon(storage, college.id, logo, match[2] as IconVariant, college.theme_color)
  const current = match[1] === logoHash(logo)
  return c.body(new Uint8Array(png), 200, {
    'Content-Type': 'image/png',
    'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
})

/**
 * What this host's college shows everyone, signed in or not: the home page's history, managers,
 * slider and social links, and the contacts the sign-up page lists for visitors who need an account.
 */
collegesRoutes.get('/api/v1/college/public', async (c) => {
  const college = requireCollege(c)
  if (college.suspended_at) throw suspended()
  const { db } = c.get('deps')
  const [commune, contacts, managers, slides, social] = await Promise.all([
    college.commune_id
      ? db.selectFrom('communes').select('name').where('id', '=', college.commune_id).executeTakeFirst()
      : undefined,
    contactsOf(db, college.id),
    listManagers(db, college.id, { q: '', limit: 100, sort: 'name', category: '' }),
    slidesOf(db, college.id, true),
    socialLinksOf(db, college.id),
  ])
  return c.json({
    name: college.name,
    history: college.history,
    email: college.email,
    phone: college.phone,
    address: college.address,
    commune: commune?.name ?? '',
    contact_intro: contacts.intro,
    contacts: contacts.contacts,
    managers: managers.data,
    slides,
    social,
  } satisfies CollegePublic)
})
