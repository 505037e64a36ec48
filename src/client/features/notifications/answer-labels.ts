import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { NotificationAnswer } from '#shared/api-types.ts'

const ANSWER_LABELS = {
  read: msg`I have read this`,
  safe: msg`We are safe`,
  help: msg`We need help`,
} satisfies Record<NotificationAnswer, unknown>

/** What the person said, in their words ("We are safe"), for their list and the school's board. */
export function answerLabel(i18n: I18n, answer: NotificationAnswer): string {
  return i18n._(ANSWER_LABELS[answer])
}
