// The college's contact inbox: what visitors write through the public home page, and staff answers.
import * as v from 'valibot'
import { email, optionalText, plainString } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'
import { listQuerySchema } from './pagination.ts'

const longText = (max: number) =>
  v.pipe(
    v.optional(plainString(m.messageRequired), ''),
    v.trim(),
    v.nonEmpty(message(m.messageRequired)),
    v.maxLength(max, message(m.tooLong)),
  )

export const contactMessageSchema = v.object({
  name: v.pipe(
    v.optional(plainString(m.nameRequired), ''),
    v.trim(),
    v.nonEmpty(message(m.nameRequired)),
    v.maxLength(120, message(m.tooLong)),
  ),
  email,
  phone: optionalText(30),
  message: longText(5000),
  /** Left empty by people; bots fill every field they find. */
  website: v.optional(v.string(), ''),
})
export type ContactMessageInput = v.InferInput<typeof contactMessageSchema>

export const contactReplySchema = v.object({ body: longText(10000) })
export type ContactReplyInput = v.InferInput<typeof contactReplySchema>

export const CONTACT_STATUSES = ['new', 'handled'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

export const contactStatusSchema = v.object({
  status: v.picklist(CONTACT_STATUSES, message(m.fieldRequired)),
})

export const contactListQuerySchema = v.object({
  ...listQuerySchema(['created_at'], '-created_at').entries,
  status: v.optional(v.picklist([...CONTACT_STATUSES, 'all'], message(m.fieldRequired)), 'all'),
})

type PersonName = { id: number; name: string }

export type ContactMessage = {
  id: number
  name: string
  email: string
  phone: string
  message: string
  status: ContactStatus
  /** 'form': written on the home page; 'staff': noted by hand (a phone call, a visit). */
  source: 'form' | 'staff'
  created_at: string
  handled_at: string | null
  handled_by: PersonName | null
  replies: number
}

export type ContactReply = {
  id: number
  body: string
  author: PersonName | null
  delivered: boolean
  /** Why the mail did not go, in plain words. */
  error: string | null
  created_at: string
}

export type ContactDetail = ContactMessage & { thread: ContactReply[] }

/** How many messages one visitor may send in an hour (by address and by connection). */
export const CONTACT_MAX_PER_HOUR = 5
