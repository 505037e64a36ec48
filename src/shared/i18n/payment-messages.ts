// Texts of the fees and payments area, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const paymentMessages = {
  feeAmountInvalid: d(
    /*i18n*/ { id: 'validation.fee_amount', message: 'Please enter a whole amount greater than zero.' },
  ),
  feeTypeInvalid: d(/*i18n*/ { id: 'validation.fee_type', message: 'Please choose the type of fee.' }),
  feeDueBeforeStart: d(
    /*i18n*/ {
      id: 'validation.fee_due_before_start',
      message: 'The due date must be on or after the start date.',
    },
  ),
  feeAmountLocked: d(
    /*i18n*/ {
      id: 'validation.fee_amount_locked',
      message:
        'This fee already has payments, so its amount cannot change. Record a discount or an exemption for a student instead.',
    },
  ),
  feeGradeLocked: d(
    /*i18n*/ {
      id: 'validation.fee_grade_locked',
      message: 'This fee already has payments, so the grade it applies to cannot change.',
    },
  ),
  feeHasPayments: d(
    /*i18n*/ {
      id: 'errors.fee_has_payments',
      message: 'This fee has payments and cannot be deleted. Refund them first if they were a mistake.',
    },
  ),
  feeAlreadyPaid: d(
    /*i18n*/ { id: 'errors.fee_already_paid', message: 'This fee is already paid for this student.' },
  ),
  feeNothingDue: d(
    /*i18n*/ {
      id: 'errors.fee_nothing_due',
      message: 'Nothing is due: this student is exempt from this fee.',
    },
  ),
  feeNotForStudent: d(
    /*i18n*/ { id: 'validation.fee_not_for_student', message: 'This fee does not apply to this student.' },
  ),
  discountTooLarge: d(
    /*i18n*/ {
      id: 'validation.discount_too_large',
      message:
        'The discount must be greater than zero and less than the fee’s amount. For the whole amount, choose an exemption.',
    },
  ),
  adjustmentAfterPayment: d(
    /*i18n*/ {
      id: 'errors.adjustment_after_payment',
      message: 'This student has already paid this fee. Refund the payment before changing what is due.',
    },
  ),
  paymentsNotConfigured: d(
    /*i18n*/ {
      id: 'errors.payments_not_configured',
      message: 'Online payments are not set up for this school yet. Please pay at the school office.',
    },
  ),
  paymentProviderUnavailable: d(
    /*i18n*/ {
      id: 'errors.payment_provider_unavailable',
      message: 'The payment service did not answer. Nothing was charged; please try again in a few minutes.',
    },
  ),
  paymentProviderRefused: d(
    /*i18n*/ {
      id: 'errors.payment_provider_refused',
      message: 'The payment service refused this payment: {reason}',
    },
  ),
  testProviderNotAllowed: d(
    /*i18n*/ {
      id: 'validation.test_provider_not_allowed',
      message: 'The test provider is only for demonstrations and cannot be used on this server.',
    },
  ),
  paymentUnderWay: d(
    /*i18n*/ {
      id: 'errors.payment_under_way',
      message:
        'This fee is being paid right now, perhaps from another phone. If that payment does not go through, you can pay again in 15 minutes.',
    },
  ),
  paymentInProgress: d(
    /*i18n*/ {
      id: 'errors.payment_in_progress',
      message:
        'A family is paying this fee online right now. Wait until their payment ends (at most 15 minutes) before recording another.',
    },
  ),
  webpayCommerceCode: d(
    /*i18n*/ {
      id: 'validation.webpay_commerce_code',
      message: 'The commerce code is the 12 digits Transbank gave the school.',
    },
  ),
  refundOnlyApproved: d(
    /*i18n*/ { id: 'errors.refund_only_approved', message: 'Only an approved payment can be refunded.' },
  ),
  paidOnFuture: d(
    /*i18n*/ { id: 'validation.paid_on_future', message: 'The payment date cannot be in the future.' },
  ),
  feeReminderTitle: d(/*i18n*/ { id: 'fees.reminder_title', message: 'A school fee is overdue' }),
  feeReminderContent: d(
    /*i18n*/ {
      id: 'fees.reminder_content',
      message: '{concept} for {student} was due on {date}. You can pay it in the app under Fees.',
    },
  ),
}
