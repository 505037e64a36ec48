// Texts both sides show. The English texts of validation are the spec's (section 5).
import { benefitMessages } from './benefit-messages.ts'
import { documentMessages } from './document-messages.ts'
import { messengerMessages } from './messenger-messages.ts'
import { notificationMessages } from './notification-messages.ts'
import { paymentMessages } from './payment-messages.ts'
import { processMessages } from './process-messages.ts'
import { statisticsMessages } from './statistics-messages.ts'
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const messages = {
  ...notificationMessages,
  ...messengerMessages,
  ...documentMessages,
  ...paymentMessages,
  ...statisticsMessages,
  ...processMessages,
  ...benefitMessages,
  nameRequired: d(/*i18n*/ { id: 'validation.name_required', message: 'Your name is required' }),
  emailInvalid: d(/*i18n*/ { id: 'validation.email_invalid', message: 'Please enter a valid email address' }),
  passwordMin: d(
    /*i18n*/ { id: 'validation.password_min', message: 'Password must be at least 8 characters long' },
  ),
  passwordMismatch: d(/*i18n*/ { id: 'validation.password_mismatch', message: 'Passwords do not match' }),
  fieldRequired: d(/*i18n*/ { id: 'validation.field_required', message: 'field required.' }),
  rutInvalid: d(/*i18n*/ { id: 'validation.rut_invalid', message: 'Please enter a valid RUT' }),
  tooLong: d(/*i18n*/ { id: 'validation.too_long', message: 'This text is too long' }),
  controlCharacters: d(
    /*i18n*/ {
      id: 'validation.control_characters',
      message: 'This text contains invisible control characters. Please type it again.',
    },
  ),
  numberInvalid: d(/*i18n*/ { id: 'validation.number_invalid', message: 'Please enter a valid number' }),
  dateOutOfRange: d(
    /*i18n*/ {
      id: 'validation.date_out_of_range',
      message: 'Please enter a date between the years 2000 and 2099',
    },
  ),
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
  categoryNameTaken: d(
    /*i18n*/ { id: 'validation.category_name_taken', message: 'A category with this name already exists' },
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
  imagePixels: d(
    /*i18n*/ {
      id: 'validation.image_pixels',
      message: 'This picture is too large (over 100 megapixels). Please send a smaller one.',
    },
  ),
  imageSize: d(/*i18n*/ { id: 'validation.image_size', message: 'Each picture must be 10 MB or smaller' }),
  dateTimeInvalid: d(
    /*i18n*/ { id: 'validation.datetime_invalid', message: 'Please enter a valid date and time' },
  ),
  idInvalid: d(/*i18n*/ { id: 'validation.id_invalid', message: 'This record has an invalid identifier' }),
  editConflict: d(
    /*i18n*/ {
      id: 'error.edit_conflict',
      message: 'Someone else changed this while your change was waiting. Choose which version to keep.',
    },
  ),
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
  collegeOnly: d(
    /*i18n*/ {
      id: 'error.college_only',
      message: 'This is for the members of a college. Sign in on your college’s address.',
    },
  ),
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
  metaTitle: d(/*i18n*/ { id: 'meta.title', message: '{college} · School management' }),
  metaDescription: d(
    /*i18n*/ {
      id: 'meta.description',
      message: 'News, events, notifications, documents and fees of {college}, on any device.',
    },
  ),
  resetMailSubject: d(/*i18n*/ { id: 'mail.reset.subject', message: 'Reset your {college} password' }),
  resetMailBody: d(
    /*i18n*/ {
      id: 'mail.reset.body',
      message:
        'Hello {name},\n\nSomeone asked to reset the password of your {college} account. To choose a new password, open this link within one hour:\n\n{link}\n\nIf it was not you, ignore this message: your password stays the same.',
    },
  ),
  sortInvalid: d(/*i18n*/ { id: 'validation.sort_invalid', message: 'This list cannot be sorted that way' }),
  roleRequired: d(/*i18n*/ { id: 'validation.role_required', message: 'Please choose a role' }),
  roleUnknown: d(
    /*i18n*/ { id: 'validation.role_unknown', message: 'This role no longer exists. Please choose another.' },
  ),
  rutTaken: d(/*i18n*/ { id: 'validation.rut_taken', message: 'This RUT is already in use' }),
  studentUnknown: d(
    /*i18n*/ { id: 'validation.student_unknown', message: 'This person is not a student of the college' },
  ),
  cannotDeactivateSelf: d(
    /*i18n*/ { id: 'error.cannot_deactivate_self', message: 'You cannot deactivate your own account' },
  ),
  cannotChangeOwnRole: d(
    /*i18n*/ {
      id: 'error.cannot_change_own_role',
      message: 'You cannot change your own role: ask another administrator',
    },
  ),
  accountDeactivated: d(
    /*i18n*/ {
      id: 'error.account_deactivated',
      message: 'This account has been deactivated. Please contact your college.',
    },
  ),
  roleNameTaken: d(
    /*i18n*/ { id: 'validation.role_name_taken', message: 'A role with this name already exists' },
  ),
  roleBuiltIn: d(/*i18n*/ { id: 'error.role_built_in', message: 'Built-in roles cannot be deleted' }),
  roleInUse: d(
    /*i18n*/ {
      id: 'error.role_in_use',
      message: 'People still hold this role ({count}). Give them another role before deleting it.',
    },
  ),
  adminRoleFixed: d(
    /*i18n*/ {
      id: 'validation.admin_role_fixed',
      message: 'The administrator role always has every permission',
    },
  ),
  permissionUnknown: d(/*i18n*/ { id: 'validation.permission_unknown', message: 'Unknown permission' }),
  csvUnreadable: d(
    /*i18n*/ {
      id: 'csv.unreadable',
      message: 'This file could not be read. Save it from your spreadsheet as CSV and try again.',
    },
  ),
  csvEmpty: d(/*i18n*/ { id: 'csv.empty', message: 'The file has no people to import' }),
  csvMissingColumns: d(
    /*i18n*/ { id: 'csv.missing_columns', message: 'The file needs these columns: {columns}' },
  ),
  csvTooManyRows: d(
    /*i18n*/ { id: 'csv.too_many_rows', message: 'A file can hold at most {max} people. Split it in parts.' },
  ),
  csvHasErrors: d(
    /*i18n*/ {
      id: 'csv.has_errors',
      message: 'Some rows have errors. Nothing was imported: fix them and try again.',
    },
  ),
  csvRoleUnknown: d(/*i18n*/ { id: 'csv.role_unknown', message: 'No role is called "{role}"' }),
  csvCourseUnknown: d(/*i18n*/ { id: 'csv.course_unknown', message: 'No course is called "{course}"' }),
  csvDuplicateEmail: d(
    /*i18n*/ { id: 'csv.duplicate_email', message: 'This email is also on row {row} of the file' },
  ),
  csvDuplicateRut: d(
    /*i18n*/ { id: 'csv.duplicate_rut', message: 'This RUT is also on row {row} of the file' },
  ),
  csvStudentUnknown: d(
    /*i18n*/ { id: 'csv.student_unknown', message: 'No student has the RUT or email "{student}"' },
  ),
  courseForStudents: d(/*i18n*/ { id: 'csv.course_for_students', message: 'Only students have a course' }),
  studentsForGuardians: d(
    /*i18n*/ { id: 'csv.students_for_guardians', message: 'Only guardians have students' },
  ),
  passwordLinkSent: d(
    /*i18n*/ {
      id: 'users.password_link_sent',
      message: 'We have mailed {email} a link to choose a password.',
    },
  ),
  welcomeMailSubject: d(/*i18n*/ { id: 'mail.welcome.subject', message: 'Your {college} account' }),
  welcomeMailBody: d(
    /*i18n*/ {
      id: 'mail.welcome.body',
      message:
        'Hello {name},\n\n{college} has created an account for you, with the address {email}. To choose your password, open this link within 7 days:\n\n{link}\n\nAfterwards, sign in at {origin} to read the news, events and notices of the college.',
    },
  ),
  slugInvalid: d(
    /*i18n*/ {
      id: 'validation.slug_invalid',
      message: 'Use only lowercase letters, numbers and hyphens (for example colegio-san-jose)',
    },
  ),
  slugTaken: d(
    /*i18n*/ { id: 'validation.slug_taken', message: 'Another college already uses this short name' },
  ),
  hostInvalid: d(
    /*i18n*/ {
      id: 'validation.host_invalid',
      message: 'Please enter a host name such as colegio.example.cl, without https:// or a path',
    },
  ),
  hostTaken: d(/*i18n*/ { id: 'validation.host_taken', message: 'Another college already uses {host}' }),
  hostRequired: d(
    /*i18n*/ { id: 'validation.host_required', message: 'Please enter at least one host name' },
  ),
  colorInvalid: d(
    /*i18n*/ { id: 'validation.color_invalid', message: 'Please choose a colour such as #1d4ed8' },
  ),
  languageInvalid: d(/*i18n*/ { id: 'validation.language_invalid', message: 'Please choose a language' }),
  timezoneInvalid: d(/*i18n*/ { id: 'validation.timezone_invalid', message: 'Please choose a time zone' }),
  communeUnknown: d(
    /*i18n*/ { id: 'validation.commune_unknown', message: 'Please choose a commune from the list' },
  ),
  urlInvalid: d(
    /*i18n*/ {
      id: 'validation.url_invalid',
      message: 'Please enter a full web address starting with https://',
    },
  ),
  networkInvalid: d(/*i18n*/ { id: 'validation.network_invalid', message: 'Please choose a network' }),
  pictureSize: d(/*i18n*/ { id: 'validation.picture_size', message: 'The picture must be 5 MB or smaller' }),
  slidesFull: d(
    /*i18n*/ {
      id: 'validation.slides_full',
      message: 'The slider holds at most {max} pictures. Remove one first.',
    },
  ),
  imageRequired: d(/*i18n*/ { id: 'validation.image_required', message: 'Please choose a picture' }),
  messageRequired: d(/*i18n*/ { id: 'validation.message_required', message: 'Please write your message' }),
  portInvalid: d(
    /*i18n*/ { id: 'validation.port_invalid', message: 'Please enter a port between 1 and 65535' },
  ),
  collegeSuspended: d(
    /*i18n*/ {
      id: 'error.college_suspended',
      message: 'This college’s account is suspended. Nothing has been deleted; please contact the college.',
    },
  ),
  contactSent: d(
    /*i18n*/ { id: 'contact.sent', message: 'Thank you. Your message has reached the college.' },
  ),
  contactReplySubject: d(
    /*i18n*/ { id: 'mail.contact_reply.subject', message: 'Re: your message to {college}' },
  ),
  smtpNotConfigured: d(
    /*i18n*/ {
      id: 'smtp.not_configured',
      message: 'Outgoing mail is not set up yet. Enter the mail server in Integrations first.',
    },
  ),
  smtpTestSubject: d(/*i18n*/ { id: 'smtp.test.subject', message: 'Test message from {college}' }),
  smtpTestBody: d(
    /*i18n*/ {
      id: 'smtp.test.body',
      message: 'This message shows that {college} can send mail through {host}. No action is needed.',
    },
  ),
  smtpAccepted: d(/*i18n*/ { id: 'smtp.accepted', message: 'The mail server accepted the message.' }),
  smtpRefused: d(
    /*i18n*/ {
      id: 'smtp.refused',
      message: 'Nothing answers at {host} on port {port}. Check the host name and the port.',
    },
  ),
  smtpTimeout: d(
    /*i18n*/ {
      id: 'smtp.timeout',
      message:
        'The mail server at {host} did not answer in time. Check the port and any firewall in between.',
    },
  ),
  smtpHostUnknown: d(
    /*i18n*/ {
      id: 'smtp.host_unknown',
      message: 'No server is known by the name {host}. Check its spelling.',
    },
  ),
  smtpAuth: d(
    /*i18n*/ {
      id: 'smtp.auth',
      message: 'The mail server did not accept the user name or password. It answered: {answer}',
    },
  ),
  smtpTls: d(
    /*i18n*/ {
      id: 'smtp.tls',
      message:
        'The secure connection to the mail server failed. Check the security setting: port 465 usually uses TLS, port 587 STARTTLS.',
    },
  ),
  smtpRejected: d(
    /*i18n*/ {
      id: 'smtp.rejected',
      message: 'The mail server refused the message. It answered: {answer}',
    },
  ),
  smtpFailed: d(
    /*i18n*/ { id: 'smtp.failed', message: 'The message could not be sent. The mail server said: {answer}' },
  ),
  eventEndBeforeStart: d(
    /*i18n*/ { id: 'validation.event_end_before_start', message: 'The end must be after the start' },
  ),
  eventDateRequired: d(/*i18n*/ { id: 'validation.event_date_required', message: 'Please choose a date' }),
} as const
