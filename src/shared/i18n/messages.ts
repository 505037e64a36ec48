// Texts both sides show. The English texts of validation are the spec's (section 5).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const messages = {
  nameRequired: d(/*i18n*/ { id: 'validation.name_required', message: 'Your name is required' }),
  emailInvalid: d(/*i18n*/ { id: 'validation.email_invalid', message: 'Please enter a valid email address' }),
  passwordMin: d(
    /*i18n*/ { id: 'validation.password_min', message: 'Password must be at least 8 characters long' },
  ),
  passwordMismatch: d(/*i18n*/ { id: 'validation.password_mismatch', message: 'Passwords do not match' }),
  fieldRequired: d(/*i18n*/ { id: 'validation.field_required', message: 'field required.' }),
  rutInvalid: d(/*i18n*/ { id: 'validation.rut_invalid', message: 'Please enter a valid RUT' }),
  tooLong: d(/*i18n*/ { id: 'validation.too_long', message: 'This text is too long' }),
  dateInvalid: d(/*i18n*/ { id: 'validation.date_invalid', message: 'Please enter a valid date' }),
  birthdateFuture: d(
    /*i18n*/ { id: 'validation.birthdate_future', message: 'The birth date cannot be in the future' },
  ),
  emailTaken: d(/*i18n*/ { id: 'validation.email_taken', message: 'This email address is already in use' }),
  currentPasswordWrong: d(
    /*i18n*/ { id: 'validation.current_password_wrong', message: 'The current password is not correct' },
  ),
  avatarType: d(
    /*i18n*/ { id: 'validation.avatar_type', message: 'The photo must be a JPEG, PNG or WebP image' },
  ),
  avatarSize: d(/*i18n*/ { id: 'validation.avatar_size', message: 'The photo must be 5 MB or smaller' }),
  resetTokenInvalid: d(
    /*i18n*/ {
      id: 'validation.reset_token_invalid',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    },
  ),
  contentRequired: d(
    /*i18n*/ { id: 'validation.content_required', message: 'Please write the content of the post' },
  ),
  courseRequired: d(/*i18n*/ { id: 'validation.course_required', message: 'Please choose a course' }),
  gradeRequired: d(/*i18n*/ { id: 'validation.grade_required', message: 'Please choose a grade' }),
  courseUnknown: d(
    /*i18n*/ {
      id: 'validation.course_unknown',
      message: 'One of the chosen courses no longer exists. Please choose again.',
    },
  ),
  gradeUnknown: d(
    /*i18n*/ {
      id: 'validation.grade_unknown',
      message: 'One of the chosen grades no longer exists. Please choose again.',
    },
  ),
  categoryUnknown: d(
    /*i18n*/ {
      id: 'validation.category_unknown',
      message: 'This category no longer exists. Please choose another.',
    },
  ),
  imageUnknown: d(
    /*i18n*/ {
      id: 'validation.image_unknown',
      message: 'One of the pictures was not uploaded. Please add it again.',
    },
  ),
  imageType: d(
    /*i18n*/ { id: 'validation.image_type', message: 'Pictures must be JPEG, PNG or WebP images' },
  ),
  imageSize: d(/*i18n*/ { id: 'validation.image_size', message: 'Each picture must be 10 MB or smaller' }),
  dateTimeInvalid: d(
    /*i18n*/ { id: 'validation.datetime_invalid', message: 'Please enter a valid date and time' },
  ),
  idInvalid: d(/*i18n*/ { id: 'validation.id_invalid', message: 'This record has an invalid identifier' }),
  idTaken: d(/*i18n*/ { id: 'error.id_taken', message: 'This record belongs to someone else.' }),
  invalidData: d(/*i18n*/ { id: 'error.invalid_data', message: 'The given data was invalid.' }),
  loginFailed: d(
    /*i18n*/ { id: 'error.login_failed', message: 'These credentials do not match our records.' },
  ),
  tooManyAttempts: d(
    /*i18n*/ {
      id: 'error.too_many_attempts',
      message: 'Too many attempts. Please try again in {seconds} seconds.',
    },
  ),
  unauthenticated: d(/*i18n*/ { id: 'error.unauthenticated', message: 'Unauthenticated.' }),
  forbidden: d(/*i18n*/ { id: 'error.forbidden', message: 'You do not have permission to do this.' }),
  notFound: d(/*i18n*/ { id: 'error.not_found', message: 'Not found.' }),
  unknownCollege: d(
    /*i18n*/ { id: 'error.unknown_college', message: 'No college is linked to this address.' },
  ),
  bodyTooLarge: d(/*i18n*/ { id: 'error.body_too_large', message: 'The request is too large.' }),
  malformedJson: d(/*i18n*/ { id: 'error.malformed_json', message: 'The request body is not valid JSON.' }),
  serverError: d(
    /*i18n*/ {
      id: 'error.server',
      message: 'Something went wrong on our side. Please try again in a moment.',
    },
  ),
  resetLinkSent: d(
    /*i18n*/ {
      id: 'auth.reset_link_sent',
      message: 'If that address has an account, we have sent it a link to reset the password.',
    },
  ),
  passwordResetDone: d(/*i18n*/ { id: 'auth.password_reset_done', message: 'Your password has been reset.' }),
  passwordUpdated: d(/*i18n*/ { id: 'auth.password_updated', message: 'Your password has been changed.' }),
  loggedOut: d(/*i18n*/ { id: 'auth.logged_out', message: 'You have been signed out.' }),
  resetMailSubject: d(/*i18n*/ { id: 'mail.reset.subject', message: 'Reset your {college} password' }),
  resetMailBody: d(
    /*i18n*/ {
      id: 'mail.reset.body',
      message:
        'Hello {name},\n\nSomeone asked to reset the password of your {college} account. To choose a new password, open this link within one hour:\n\n{link}\n\nIf it was not you, ignore this message: your password stays the same.',
    },
  ),
} as const
