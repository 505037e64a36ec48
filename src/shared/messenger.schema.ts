// The messenger as both sides validate and show it.
import * as v from 'valibot'
import { uuid } from './audience.schema.ts'
import { dateTime, idList, optionalText, plainString, recordId } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

/** Long enough for a careful letter to a teacher; a longer text belongs in a document. */
export const MESSAGE_MAX_LENGTH = 4000
/** People chosen one by one for a group message; more are reached by choosing their courses. */
export const MAX_MESSAGE_PEOPLE = 500
/** Pictures and PDFs one message carries, each at most this big (within the upload body limit). */
export const MAX_MESSAGE_FILES = 4
export const MESSAGE_FILE_MAX_BYTES = 5 * 1024 * 1024
/** What may be attached (checked again on the server by the file's content, not its name). */
export const MESSAGE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']

export type MessageAttachment = {
  id: string
  kind: 'image' | 'pdf'
  name: string
  size: number
  width: number | null
  height: number | null
}

export type ConversationKind = 'direct' | 'group'
/** `staff` in a conversation: writes to everyone in a group and sees every reply. */
export type ConversationRole = 'staff' | 'member'

export type ConversationMember = {
  id: number
  name: string
  role_key: string
  staff: boolean
  last_read_at: string | null
}

export type Conversation = {
  id: string
  kind: ConversationKind
  title: string
  created_by: number
  closed_at: string | null
  last_message_at: string
  created_at: string
  /** Who the viewer may know is here: everyone, except that a family in a group sees only the staff. */
  members: ConversationMember[]
  /** Everyone in it, seen or not. */
  member_count: number
  role: ConversationRole
  last_read_at: string | null
  muted: boolean
}

export type Message = {
  id: string
  conversation_id: string
  author: { id: number; name: string }
  body: string
  /** In a group: the one family this message is between (a reply, or the staff's answer to it). */
  private_to: number | null
  attachments: MessageAttachment[]
  written_at: string
  created_at: string
}

/** Someone the viewer may start a conversation with, and why they are there. */
export type MessengerContact = {
  id: number
  name: string
  role_key: string
  /** The courses they teach (for families), or the student's courses (for staff). */
  courses: string[]
}

const body = v.pipe(
  v.optional(plainString(), ''),
  v.trim(),
  v.maxLength(MESSAGE_MAX_LENGTH, message(m.messageTooLong)),
)

const attachmentIds = v.pipe(
  v.optional(v.array(uuid, message(m.idInvalid)), []),
  v.maxLength(MAX_MESSAGE_FILES, message(m.messageTooManyFiles)),
  v.transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]),
)

/** A message says something: text, or at least a file. */
const saysSomething = <T extends { body: string; attachment_ids: string[] }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const input = dataset.value
    if (input.body.length > 0 || input.attachment_ids.length > 0) return
    addIssue({
      message: message(m.messageEmpty),
      path: [{ type: 'object', origin: 'value', input, key: 'body', value: input.body }],
    })
  })

export const MESSAGE_SCOPES = ['users', 'courses', 'grades'] as const
export type MessageScope = (typeof MESSAGE_SCOPES)[number]

export const conversationInputSchema = v.pipe(
  v.object({
    id: uuid,
    message_id: uuid,
    title: optionalText(120),
    scope: v.optional(v.picklist(MESSAGE_SCOPES, message(m.fieldRequired)), 'users'),
    users: idList(m.messageRecipientRequired, MAX_MESSAGE_PEOPLE),
    courses: idList(m.courseRequired),
    grades: idList(m.gradeRequired),
    body,
    attachment_ids: attachmentIds,
    written_at: v.optional(dateTime),
  }),
  saysSomething(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const input = dataset.value
    const field = input.scope
    if (input[field].length > 0) return
    const text =
      field === 'users'
        ? m.messageRecipientRequired
        : field === 'courses'
          ? m.courseRequired
          : m.gradeRequired
    addIssue({
      message: message(text),
      path: [{ type: 'object', origin: 'value', input, key: field, value: input[field] }],
    })
  }),
)
export type ConversationInput = v.InferInput<typeof conversationInputSchema>
export type ConversationOutput = v.InferOutput<typeof conversationInputSchema>

export const messageInputSchema = v.pipe(
  v.object({
    id: uuid,
    body,
    attachment_ids: attachmentIds,
    private_to: v.optional(v.nullable(recordId), null),
    written_at: v.optional(dateTime),
  }),
  saysSomething(),
)
export type MessageInput = v.InferInput<typeof messageInputSchema>

export const conversationFlagSchema = (key: 'closed' | 'muted') =>
  v.object({ [key]: v.boolean(message(m.fieldRequired)) } as Record<typeof key, v.BooleanSchema<any>>)

export const messageReportSchema = v.object({ reason: optionalText(500) })

/** Whose side someone is on in the messenger: families write only to the school's side. */
export function isFamilyRole(roleKey: string): boolean {
  return roleKey === 'guardian' || roleKey === 'student'
}

/** Roles outside a college's own people: they take no part in its conversations and teach nothing. */
export const OUTSIDE_ROLES = ['company', 'superadmin']

/** The school's side: people who may teach courses and write to every family. */
export function isSchoolStaffRole(roleKey: string): boolean {
  return !isFamilyRole(roleKey) && !OUTSIDE_ROLES.includes(roleKey)
}
