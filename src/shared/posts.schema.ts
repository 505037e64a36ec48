// News posts: what a teacher writes, as both sides validate it (spec section 5).
import * as v from 'valibot'
import { type Target, targets, uuid } from './audience.schema.ts'
import { dateTime, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export { ALL, type Course, type Grade, type Target, UUID_PATTERN } from './audience.schema.ts'

export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024
export const POST_IMAGES_MAX = 20

/**
 * Visible text of rich content: a post with only empty paragraphs has no content. One pass over the
 * text, no regular expression that could backtrack: 200,000 "<" must cost as little as any post.
 * (Every regular expression over user input must be linear; a test checks them with recheck.)
 */
export function htmlText(html: string): string {
  let out = ''
  let i = 0
  while (i < html.length) {
    const open = html.indexOf('<', i)
    if (open === -1) {
      out += html.slice(i)
      break
    }
    out += html.slice(i, open)
    const close = html.indexOf('>', open + 1)
    if (close === -1) {
      // An unclosed "<" is text.
      out += html.slice(open)
      break
    }
    const tag = html.slice(open + 1, Math.min(close, open + 5)).toLowerCase()
    out += tag.startsWith('img') && !/[a-z0-9]/.test(tag.charAt(3)) ? ' [image] ' : ' '
    i = close + 1
  }
  return out.replaceAll('&nbsp;', ' ').replaceAll('&#160;', ' ').split(/\s+/).filter(Boolean).join(' ')
}

export const postInputSchema = v.object({
  id: uuid,
  title: requiredText(200),
  category_id: v.optional(v.nullable(recordId), null),
  content: v.pipe(
    v.optional(plainString(m.contentRequired), ''),
    v.maxLength(200_000, message(m.tooLong)),
    v.check((html) => htmlText(html) !== '', message(m.contentRequired)),
  ),
  grades: targets(m.gradeRequired),
  courses: targets(m.courseRequired),
  // Empty means "now"; anything else must be a real moment in a sensible range.
  publish_at: v.pipe(
    v.optional(v.nullable(plainString(m.dateTimeInvalid)), null),
    v.transform((value) => value || null),
    v.nullable(dateTime),
  ),
  image_ids: v.pipe(v.optional(v.array(uuid), []), v.maxLength(POST_IMAGES_MAX, message(m.tooLong))),
})
export type PostInput = v.InferInput<typeof postInputSchema>
export type PostOutput = v.InferOutput<typeof postInputSchema>

export const readReceiptSchema = v.object({
  read_at: v.optional(dateTime),
})

export type PostImage = { id: string; url: string; thumb_url: string; width: number; height: number }

export type Post = {
  id: string
  title: string
  category_id: number | null
  content: string
  grades: Target[]
  courses: Target[]
  publish_at: string
  images: PostImage[]
  author: { id: number; name: string; avatar_url?: string | null }
  created_at: string
  updated_at: string
}

export type PostCategory = { id: number; name: string; slug: string }
export type PostRead = { id: string; post_id: string; read_at: string }
export type { ReadReport } from './audience.schema.ts'
