// The college's own record and public content, as administrators edit them (spec section 3) and the
// public home page shows them.
import * as v from 'valibot'
import { LOCALES } from './constants.ts'
import { optionalText, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const COLOR_PATTERN = /^#[0-9a-f]{6}$/i

export const slug = v.pipe(requiredText(60), v.toLowerCase(), v.regex(SLUG_PATTERN, message(m.slugInvalid)))

/** An email a college may leave empty (its public address, a manager's). */
export const optionalEmail = v.pipe(
  optionalText(255),
  v.toLowerCase(),
  v.check((value) => value === '' || v.is(v.pipe(v.string(), v.email()), value), message(m.emailInvalid)),
)

/** Every IANA time zone this runtime knows (Node and every current browser list the same). */
export function timeZones(): string[] {
  return Intl.supportedValuesOf('timeZone')
}

export const APP_STATUSES = [0, 1] as const

export const collegeSchema = v.object({
  name: requiredText(120),
  short_name: optionalText(30),
  acronym: optionalText(10),
  slug,
  address: optionalText(200),
  commune_id: v.optional(v.nullable(recordId), null),
  email: optionalEmail,
  phone: optionalText(30),
  theme_color: v.pipe(
    v.optional(plainString(m.colorInvalid), ''),
    v.regex(COLOR_PATTERN, message(m.colorInvalid)),
    v.toLowerCase(),
  ),
  show_onboarding: v.optional(v.boolean(), false),
  have_advertising: v.optional(v.boolean(), false),
  app_status_publishing: v.pipe(
    v.optional(v.number(message(m.numberInvalid)), 0),
    v.integer(message(m.numberInvalid)),
    v.minValue(0, message(m.numberInvalid)),
    v.maxValue(1, message(m.numberInvalid)),
  ),
  language: v.picklist(LOCALES, message(m.languageInvalid)),
  timezone: v.pipe(
    v.optional(plainString(m.timezoneInvalid), ''),
    v.check((zone) => timeZones().includes(zone), message(m.timezoneInvalid)),
  ),
})
export type CollegeInput = v.InferInput<typeof collegeSchema>

export const COLLEGE_IMAGE_KINDS = ['logo', 'image', 'image_menu', 'image_splash'] as const
export type CollegeImageKind = (typeof COLLEGE_IMAGE_KINDS)[number]
export const COLLEGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024

export type Commune = { id: number; name: string; region: string }

/** The college record of spec section 3, plus its language and time zone. */
export type CollegeRecord = {
  id: number
  acronym: string
  address: string
  app_status_publishing: number
  commune: { id: number; name: string } | null
  created_at: string
  email: string
  have_advertising: boolean
  image: string | null
  image_menu: string | null
  image_splash: string | null
  logo: string | null
  name: string
  phone: string
  setting: { id: number; theme_color: string }
  short_name: string
  show_onboarding: boolean
  slug: string
  places: string[]
  language: string
  timezone: string
  updated_at: string
}

export const historySchema = v.object({
  history: v.pipe(v.optional(plainString(), ''), v.maxLength(100_000, message(m.tooLong))),
})

// The home page's content: managers, slides, social links and public contacts.

export const managerSchema = v.object({
  name: requiredText(120),
  position: optionalText(120),
  category: optionalText(60),
  email: optionalEmail,
  phone: optionalText(30),
})
export type ManagerInput = v.InferInput<typeof managerSchema>
export type Manager = {
  id: number
  name: string
  position: string
  category: string
  photo_url: string | null
  email: string
  phone: string
}
export const MANAGER_SORTS = ['name', 'category'] as const

/** A web address people can open: http or https, with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const webAddress = v.pipe(
  optionalText(500),
  v.check((value) => value === '' || isWebAddress(value), message(m.urlInvalid)),
)

export const slideSchema = v.object({
  caption: optionalText(200),
  link: webAddress,
  active: v.optional(v.boolean(), true),
})
export type SlideInput = v.InferInput<typeof slideSchema>
export type Slide = {
  id: number
  image_url: string
  caption: string
  link: string
  active: boolean
  position: number
}
export const SLIDES_MAX = 12

export const slideOrderSchema = v.object({
  ids: v.pipe(v.optional(v.array(recordId), []), v.maxLength(SLIDES_MAX * 2, message(m.tooLong))),
})

export const SOCIAL_NETWORKS = [
  'website',
  'facebook',
  'instagram',
  'x',
  'youtube',
  'tiktok',
  'whatsapp',
] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]
export type SocialLink = { network: SocialNetwork; url: string }

export const socialLinksSchema = v.object({
  links: v.pipe(
    v.optional(
      v.array(
        v.object({
          network: v.picklist(SOCIAL_NETWORKS, message(m.networkInvalid)),
          url: v.pipe(
            requiredText(500),
            v.check((value) => isWebAddress(value), message(m.urlInvalid)),
          ),
        }),
      ),
      [],
    ),
    v.maxLength(SOCIAL_NETWORKS.length * 2, message(m.tooLong)),
  ),
})

export type PublicContact = { area: string; name: string; email: string; phone: string }

export const contactsSchema = v.object({
  intro: optionalText(500),
  contacts: v.pipe(
    v.optional(
      v.array(
        v.object({
          area: requiredText(80),
          name: optionalText(120),
          email: optionalEmail,
          phone: optionalText(30),
        }),
      ),
      [],
    ),
    v.maxLength(30, message(m.tooLong)),
  ),
})

/** What the public home page and the sign-up page show of a college, without signing in. */
export type CollegePublic = {
  name: string
  history: string
  email: string
  phone: string
  address: string
  commune: string
  contact_intro: string
  contacts: PublicContact[]
  managers: Manager[]
  slides: Slide[]
  social: SocialLink[]
}
