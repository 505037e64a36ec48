// Texts of sending notifications and answering emergencies, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const notificationMessages = {
  notificationPeopleRequired: d(
    /*i18n*/ { id: 'validation.notification_people_required', message: 'Please choose at least one person' },
  ),
  notificationPersonUnknown: d(
    /*i18n*/ {
      id: 'validation.notification_person_unknown',
      message: 'Someone you chose is no longer in the college. Please choose again.',
    },
  ),
  notificationNobody: d(
    /*i18n*/ {
      id: 'validation.notification_nobody',
      message: 'Nobody would receive this notification. Please choose another audience.',
    },
  ),
  sendAtPast: d(
    /*i18n*/ { id: 'validation.send_at_past', message: 'Please choose a time in the future, or send it now' },
  ),
  emergencyNotScheduled: d(
    /*i18n*/ {
      id: 'validation.emergency_not_scheduled',
      message: 'An emergency alert is sent at once. Please remove the send time.',
    },
  ),
  answerFamiliesOnly: d(
    /*i18n*/ {
      id: 'validation.answer_families_only',
      message: 'Only families can answer that they are safe or need help',
    },
  ),
  pushEndpointInvalid: d(
    /*i18n*/ {
      id: 'validation.push_endpoint_invalid',
      message: 'This browser gave an address for notifications that cannot be used',
    },
  ),
  notificationAlreadySent: d(
    /*i18n*/ { id: 'error.notification_already_sent', message: 'This notification has already been sent.' },
  ),
  emergencyMailSubject: d(
    /*i18n*/ { id: 'mail.emergency.subject', message: 'Emergency at {college}: {title}' },
  ),
  emergencyMailBody: d(
    /*i18n*/ {
      id: 'mail.emergency.body',
      message:
        'Hello {name},\n\n{college} sent an emergency alert:\n\n{title}\n\n{content}\n\nPlease open this link to tell the school you have read it, and whether you are safe:\n\n{link}',
    },
  ),
}
