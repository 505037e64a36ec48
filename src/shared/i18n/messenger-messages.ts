// Texts of the messenger, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const messengerMessages = {
  messageEmpty: d(/*i18n*/ { id: 'validation.message_empty', message: 'Please write a message' }),
  messageTooLong: d(
    /*i18n*/ {
      id: 'validation.message_too_long',
      message: 'This message is too long. Please shorten it or send it in two parts.',
    },
  ),
  messageRecipientRequired: d(
    /*i18n*/ { id: 'validation.message_recipient_required', message: 'Please choose who to write to' },
  ),
  messageRecipientNotAllowed: d(
    /*i18n*/ {
      id: 'validation.message_recipient_not_allowed',
      message: "You can write to the teachers of your children's courses and to the administration.",
    },
  ),
  messageOnePerson: d(
    /*i18n*/ {
      id: 'validation.message_one_person',
      message: 'Families write to one person at a time. Please choose one.',
    },
  ),
  messageRecipientLeft: d(
    /*i18n*/ {
      id: 'validation.message_recipient_left',
      message: 'This person is no longer in the college, so the message cannot be delivered.',
    },
  ),
  messageNobody: d(
    /*i18n*/ {
      id: 'validation.message_nobody',
      message: 'Nobody would receive this message. Please choose other courses or people.',
    },
  ),
  conversationClosed: d(
    /*i18n*/ {
      id: 'validation.conversation_closed',
      message: 'This conversation was closed by the school. Please start a new one.',
    },
  ),
  privateToUnknown: d(
    /*i18n*/ {
      id: 'validation.private_to_unknown',
      message: 'The person you answered is not in this conversation.',
    },
  ),
  staffCoursesRoleOnly: d(
    /*i18n*/ {
      id: 'validation.staff_courses_role_only',
      message: 'Only school staff can teach courses.',
    },
  ),
  messageTooManyFiles: d(
    /*i18n*/ { id: 'validation.message_too_many_files', message: 'A message carries at most 4 files' },
  ),
  messageFileType: d(
    /*i18n*/ {
      id: 'validation.message_file_type',
      message: 'Only pictures (JPEG, PNG, WebP) and PDF files can be attached',
    },
  ),
  messageFileSize: d(
    /*i18n*/ { id: 'validation.message_file_size', message: 'Each file must be 5 MB or smaller' },
  ),
  messageFileMissing: d(
    /*i18n*/ {
      id: 'validation.message_file_missing',
      message: 'A file of this message did not arrive. Please attach it again.',
    },
  ),
  messageReportTitle: d(/*i18n*/ { id: 'messenger.report_title', message: 'A message was reported' }),
  messageReportBody: d(
    /*i18n*/ {
      id: 'messenger.report_body',
      message: '{reporter} reported a message from {author}: “{excerpt}” Reason: {reason}',
    },
  ),
  messageReportNoReason: d(/*i18n*/ { id: 'messenger.report_no_reason', message: 'none given' }),
}
