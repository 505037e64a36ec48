// Local businesses that advertise in a college (companies, their small businesses or "pymes", and
// the pymes' promotions) and the families' Benefits directory, as both sides validate them.
//
// Everything belongs to one college: a company is a local business that the college accepted, its
// users are people of that college with the `company` role, and the directory exists only in
// colleges with `have_advertising` on. Days are `YYYY-MM-DD` in the college's time zone.
//
// Calls (all under /api/v1):
//   pyme-categories            GET (members) · POST, PUT /:id, DELETE /:id, PUT /order (college.manage)
//   companies                  GET ?q&cursor, GET /:id, POST, PUT /:id, DELETE /:id (college.manage)
//   companies/:id/logo         PUT multipart `logo`, DELETE (college.manage)
//   companies/:id/users        GET, POST {name, email} (invites), DELETE /:userId (college.manage)
//   pymes                      GET ?q&category_id&cursor, GET /:id, POST, PUT /:id (If-Match), DELETE /:id
//                              (pymes.manage; a company user reaches only their company's pymes)
//   pymes/:id/photo            PUT multipart `photo`, DELETE (pymes.manage)
//   pymes/:id/promotions       POST, PUT /:pid, DELETE /:pid (promotions.manage)
//   pymes/:id/promotions/:pid/image   PUT multipart `image`, DELETE (promotions.manage)
//   benefits/counts            POST {items} (members of a college with advertising): 204
//   benefits/figures           GET ?days (pymes.manage): impressions and clicks per pyme and promotion
// Mirrored: `pymes` (with their promotions that have not ended) and `pyme_categories`.
import * as v from 'valibot'
import { isSafeLink } from './banners.schema.ts'
import { email, isRealDate, optionalText, plainString, recordId, requiredText, rut } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

/** Icons a category may show (names of lucide icons the client maps). */
export const PYME_CATEGORY_ICONS = [
  'store',
  'utensils',
  'shirt',
  'book-open',
  'heart-pulse',
  'dumbbell',
  'car',
  'scissors',
  'graduation-cap',
  'paw-print',
  'wrench',
  'music',
] as const
export type PymeCategoryIcon = (typeof PYME_CATEGORY_ICONS)[number]

export const PYME_CATEGORIES_MAX = 40
export const PYME_PHOTO_MAX_BYTES = 5 * 1024 * 1024
/** How many impressions or clicks one report may carry for one item (a screen seen for a day). */
export const BENEFIT_COUNT_MAX = 500
export const BENEFIT_FIGURE_DAYS_MAX = 365

export type PymeCategory = { id: number; name: string; icon: PymeCategoryIcon; position: number }

export type Company = {
  id: number
  name: string
  rut: string
  contact_name: string
  email: string
  phone: string
  logo_url: string | null
  pyme_count: number
  user_count: number
  created_at: string
  updated_at: string
}

export type CompanyUser = { id: number; name: string; email: string; invited: boolean }

export type Promotion = {
  id: string
  pyme_id: string
  title: string
  description: string
  /** As the business writes it: "15%", "2x1", "$5.000 off". */
  discount: string
  starts_on: string
  ends_on: string
  conditions: string
  image_url: string | null
  updated_at: string
}

export type Pyme = {
  id: string
  company_id: number
  company_name: string
  category_id: number
  name: string
  description: string
  address: string
  commune: string
  phone: string
  /** Digits with the country code, as WhatsApp's links want them (56912345678); '' when none. */
  whatsapp: string
  hours: string
  website: string
  instagram: string
  facebook: string
  photo_url: string | null
  /** Ordered by first day. The mirror holds those that have not ended; managers see all. */
  promotions: Promotion[]
  created_at: string
  updated_at: string
}

const PHONE = /^\+?[\d\s().-]{6,24}$/
const phone = v.pipe(
  optionalText(30),
  v.check(
    (value) => value === '' || (PHONE.test(value) && /\d{6}/.test(value.replace(/\D/g, ''))),
    message(m.phoneInvalid),
  ),
)
/** A link to the business's own pages: https only, so no `javascript:` ever reaches an href. */
const link = v.pipe(optionalText(300), v.check(isSafeLink, message(m.linkInvalid)))
const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))

export const pymeCategoryInputSchema = v.object({
  name: requiredText(60),
  icon: v.picklist(PYME_CATEGORY_ICONS, message(m.iconInvalid)),
})
export type PymeCategoryInput = v.InferInput<typeof pymeCategoryInputSchema>

export const pymeCategoryOrderSchema = v.object({
  ids: v.pipe(
    v.array(recordId, message(m.invalidData)),
    v.maxLength(PYME_CATEGORIES_MAX, message(m.tooLong)),
  ),
})

export const companyInputSchema = v.object({
  name: requiredText(160),
  rut,
  contact_name: optionalText(160),
  email: v.pipe(
    optionalText(255),
    v.toLowerCase(),
    v.check((value) => value === '' || v.is(email, value), message(m.emailInvalid)),
  ),
  phone,
})
export type CompanyInput = v.InferInput<typeof companyInputSchema>

export const companyUserInputSchema = v.object({
  name: requiredText(160),
  email,
})
export type CompanyUserInput = v.InferInput<typeof companyUserInputSchema>

export const pymeInputSchema = v.object({
  /** Ignored for a company user: their own company. */
  company_id: v.optional(v.pipe(v.number(message(m.companyRequired)), v.integer(), v.minValue(0)), 0),
  category_id: v.pipe(
    v.optional(v.number(message(m.categoryRequired)), 0),
    v.integer(message(m.categoryRequired)),
    v.minValue(1, message(m.categoryRequired)),
  ),
  name: requiredText(120),
  description: optionalText(2000),
  address: optionalText(200),
  commune: optionalText(80),
  phone,
  whatsapp: phone,
  hours: optionalText(300),
  website: link,
  instagram: link,
  facebook: link,
})
export type PymeInput = v.InferInput<typeof pymeInputSchema>
export type PymeOutput = v.InferOutput<typeof pymeInputSchema>

export const promotionInputSchema = v.pipe(
  v.object({
    title: requiredText(120),
    description: optionalText(1000),
    discount: requiredText(40),
    starts_on: day,
    ends_on: day,
    conditions: optionalText(1000),
  }),
  v.forward(
    v.partialCheck(
      [['starts_on'], ['ends_on']],
      (input) => input.ends_on >= input.starts_on,
      message(m.promotionEndBeforeStart),
    ),
    ['ends_on'],
  ),
)
export type PromotionInput = v.InferInput<typeof promotionInputSchema>
export type PromotionOutput = v.InferOutput<typeof promotionInputSchema>

export const BENEFIT_KINDS = ['pyme', 'promotion', 'banner'] as const
export type BenefitKind = (typeof BENEFIT_KINDS)[number]

const count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(BENEFIT_COUNT_MAX)), 0)
/** What a screen saw and what was pressed, summed per item; never who. */
export const benefitCountsSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        kind: v.picklist(BENEFIT_KINDS),
        id: v.pipe(plainString(), v.maxLength(40)),
        impressions: count,
        clicks: count,
      }),
    ),
    v.maxLength(200),
  ),
})
export type BenefitCounts = v.InferInput<typeof benefitCountsSchema>

export type BenefitFigure = {
  kind: BenefitKind
  id: string
  /** '' for a banner. */
  pyme_id: string
  name: string
  impressions: number
  clicks: number
}
export type BenefitFigures = { from: string; to: string; rows: BenefitFigure[] }

/** The day a promotion is shown on: from its first day to its last, in the college's time zone. */
export function isCurrentPromotion(promotion: Pick<Promotion, 'starts_on' | 'ends_on'>, today: string) {
  return promotion.starts_on <= today && today <= promotion.ends_on
}

/** WhatsApp's links want digits only, with the country code. */
export function whatsappDigits(value: string): string {
  return value.replace(/\D/g, '')
}
