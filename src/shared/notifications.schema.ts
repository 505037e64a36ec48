// Sending a notification and answering one, as both sides validate them.
import * as v from 'valibot'
import type { NotificationAnswer } from './api-types.ts'
import { uuid } from './audience.schema.ts'
import { dateTime, idList, requiredText } from './fields.schema.ts'
import { messages as m } from './i18n/messages.ts'
import { message } from './i18n/translate.ts'

export const NOTIFICATION_SCOPES = ['college', 'grades', 'courses', 'users'] as const
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number]

/** More people than this are reached by choosing their grades or courses. */
export const MAX_CHOSEN_PEOPLE = 500

const audienceEntries = {
  scope: v.picklist(NOTIFICATION_SCOPES, message(m.fieldRequired)),
  grades: idList(m.gradeRequired),
  courses: idList(m.courseRequired),
  users: idList(m.notificationPeopleRequired, MAX_CHOSEN_PEOPLE),
}

/** Checks an audience's list against its scope: grades for "grades", and so on. */
function audienceIssues(input: {
  scope: NotificationScope
  grades: number[]
  courses: number[]
  users: number[]
}): [field: 'grades' | 'courses' | 'users', text: typeof m.fieldRequired] | undefined {
  if (input.scope === 'grades' && input.grades.length === 0) return ['grades', m.gradeRequired]
  if (input.scope === 'courses' && input.courses.length === 0) return ['courses', m.courseRequired]
  if (input.scope === 'users' && input.users.length === 0) return ['users', m.notificationPeopleRequired]
  return undefined
}

type AudienceFields = { scope: NotificationScope; grades: number[]; courses: number[]; users: number[] }

const audienceCheck = <T extends AudienceFields>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const issue = audienceIssues(dataset.value)
    if (!issue) return
    const [field, text] = issue
    addIssue({
      message: message(text),
      path: [
        { type: 'object', origin: 'value', input: dataset.value, key: field, value: dataset.value[field] },
      ],
    })
  })

const audienceObject = v.object(audienceEntries)
export const notificationAudienceSchema = v.pipe(
  audienceObject,
  audienceCheck<v.InferOutput<typeof audienceObject>>(),
)
export type NotificationAudience = v.InferOutput<typeof notificationAudienceSchema>

const sendObject = v.object({
  id: uuid,
  title: requiredText(150),
  content: requiredText(2000),
  emergency: v.optional(v.boolean(), false),
  /** Empty: now. */
  send_at: v.optional(v.nullable(dateTime), null),
  ...audienceEntries,
})

export const notificationSendSchema = v.pipe(
  sendObject,
  audienceCheck<v.InferOutput<typeof sendObject>>(),
  v.forward(
    v.partialCheck(
      [['emergency'], ['send_at']],
      (i) => !(i.emergency && i.send_at),
      message(m.emergencyNotScheduled),
    ),
    ['send_at'],
  ),
)
export type NotificationSendInput = v.InferInput<typeof notificationSendSchema>

export const NOTIFICATION_ANSWERS = ['read', 'safe', 'help'] as const satisfies NotificationAnswer[]

export const notificationAnswerSchema = v.object({
  answer: v.picklist(NOTIFICATION_ANSWERS, message(m.fieldRequired)),
  answered_at: v.optional(dateTime),
})

/** A send as the senders' list shows it. */
export type NotificationSend = {
  id: string
  title: string
  content: string
  emergency: boolean
  scope: NotificationScope
  target_ids: number[]
  send_at: string
  sent_at: string | null
  cancelled_at: string | null
  author: string
  recipients: number
  read: number
  answered: number
  last_read_at: string | null
}

/** One person on an emergency's board. */
export type NotificationRecipient = {
  user_id: number
  name: string
  role: string
  /** The role's own name (a college's custom roles have no translation). */
  role_name: string
  phone: string
  email: string
  read_at: string | null
  answer: NotificationAnswer | null
  answered_at: string | null
}

export type NotificationBoard = {
  send: NotificationSend
  counts: { recipients: number; read: number; answered: number; safe: number; help: number }
  /** Who needs help first, then who has not answered, then the rest by their answer's time. */
  people: NotificationRecipient[]
}

export type NotificationPreview = { recipients: number; with_push: number }
