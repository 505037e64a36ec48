// News posts: what a teacher writes, as both sides validate it (spec section 5).
import * as v from 'valibot'
import { requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const POST_IMAGES_MAX = 20
export const ALL = 'all' as const

/** Visible text of rich content: a post with only empty paragraphs has no content. */
export function htmlText(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, ' [image] ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const uuid = v.pipe(v.string(message(m.idInvalid)), v.regex(UUID_PATTERN, message(m.idInvalid)))

/** Target lists: ['all'] for everyone, or ids. Empty lists get the spec's "must be chosen" message. */
const targets = (required: typeof m.courseRequired) =>
  v.pipe(
    v.optional(
      v.array(v.union([v.literal(ALL), v.pipe(v.number(), v.integer(), v.minValue(1))]), message(required)),
      [],
    ),
    v.minLength(1, message(required)),
    v.maxLength(200, message(m.tooLong)),
    v.transform((list) => (list.includes(ALL) ? [ALL] : [...new Set(list)])),
  )

export const postInputSchema = v.object({
  id: uuid,
  title: requiredText(200),
  category_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  content: v.pipe(
    v.optional(v.string(message(m.contentRequired)), ''),
    v.maxLength(200_000, message(m.tooLong)),
    v.check((html) => htmlText(html) !== '', message(m.contentRequired)),
  ),
  grades: targets(m.gradeRequired),
  courses: targets(m.courseRequired),
  publish_at: v.pipe(
    v.optional(v.nullable(v.string(message(m.dateTimeInvalid))), null),
    v.check((value) => !value || !Number.isNaN(Date.parse(value)), message(m.dateTimeInvalid)),
    v.transform((value) => (value ? new Date(value).toISOString() : null)),
  ),
  image_ids: v.pipe(v.optional(v.array(uuid), []), v.maxLength(POST_IMAGES_MAX, message(m.tooLong))),
})
export type PostInput = v.InferInput<typeof postInputSchema>
export type PostOutput = v.InferOutput<typeof postInputSchema>

export const readReceiptSchema = v.object({
  read_at: v.pipe(
    v.optional(v.string(message(m.dateTimeInvalid))),
    v.check((value) => !value || !Number.isNaN(Date.parse(value)), message(m.dateTimeInvalid)),
  ),
})

export type PostImage = { id: string; url: string; thumb_url: string; width: number; height: number }
export type Target = number | typeof ALL

export type Post = {
  id: string
  title: string
  category_id: number | null
  content: string
  grades: Target[]
  courses: Target[]
  publish_at: string
  images: PostImage[]
  author: { id: number; name: string }
  created_at: string
  updated_at: string
}

export type PostCategory = { id: number; name: string; slug: string }
export type PostRead = { id: string; post_id: string; read_at: string }
export type Grade = { id: number; name: string; position: number }
export type Course = { id: number; grade_id: number; name: string }
export type ReadReport = { read: number; total: number; unread: { id: number; name: string }[] }
