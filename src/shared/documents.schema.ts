// Documents (circulars, forms, report cards) and their nested categories, as both sides see them.
import * as v from 'valibot'
import { type Target, uuid } from './audience.schema.ts'
import { idList, isRealDate, optionalText, plainString, recordId, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024
/** The longest a signed file address works: long enough to start a download on a slow line. */
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60

export const DOCUMENT_KINDS = ['pdf', 'image', 'word', 'spreadsheet', 'presentation', 'text'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

const targetList = v.pipe(
  v.optional(v.array(v.union([v.literal('all'), recordId], message(m.documentAudienceRequired))), []),
  v.maxLength(200, message(m.tooLong)),
  v.transform((list): Target[] => (list.includes('all') ? ['all'] : [...new Set(list)])),
)

const day = v.pipe(plainString(m.dateInvalid), v.check(isRealDate, message(m.dateInvalid)))

/**
 * Who reads it: grades and courses as posts choose them (`['all']` and `['all']`: the whole
 * college), and chosen people (a report card for one family: the student, whose guardians see it too).
 */
export const documentInputSchema = v.pipe(
  v.object({
    id: uuid,
    file_id: uuid,
    title: requiredText(200),
    description: v.optional(optionalText(2000), ''),
    category_id: v.optional(v.nullable(recordId), null),
    published_on: day,
    grades: targetList,
    courses: targetList,
    users: idList(m.documentAudienceRequired),
  }),
  v.forward(
    v.check(
      (input) => input.users.length > 0 || (input.grades.length > 0 && input.courses.length > 0),
      message(m.documentAudienceRequired),
    ),
    ['grades'],
  ),
)
export type DocumentInput = v.InferInput<typeof documentInputSchema>
export type DocumentOutput = v.InferOutput<typeof documentInputSchema>

export const documentCategoryInputSchema = v.object({
  name: requiredText(60),
  parent_id: v.optional(v.nullable(recordId), null),
})

export const documentOpenSchema = v.object({
  opened_at: v.pipe(
    plainString(m.dateTimeInvalid),
    v.maxLength(40, message(m.dateTimeInvalid)),
    v.check((value) => !Number.isNaN(Date.parse(value)), message(m.dateTimeInvalid)),
  ),
})

export type DocumentCategory = { id: number; parent_id: number | null; name: string; slug: string }

/** An uploaded file, before and after it becomes a document. */
export type DocumentFile = {
  id: string
  kind: DocumentKind
  name: string
  size: number
  pages: number | null
  has_thumb: boolean
}

export type CollegeDocument = {
  id: string
  title: string
  description: string
  category_id: number | null
  published_on: string
  file: DocumentFile
  author: { id: number; name: string }
  created_at: string
  updated_at: string
  /** Who it is for: only for those who manage documents (families never learn who else got one). */
  audience: { grades: Target[]; courses: Target[]; users: { id: number; name: string }[] } | null
}

/** The first time this person opened a document (on any device). */
export type DocumentOpen = { id: string; document_id: string; opened_at: string }

export type DocumentLink = { url: string; expires_at: string }
