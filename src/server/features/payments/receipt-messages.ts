// Texts of the payment receipt (a PDF the server makes), read through `translate` in the payer's language.
import type { MessageDescriptor } from '#shared/i18n/translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const receiptMessages = {
  title: d(/*i18n*/ { id: 'receipt.title', message: 'Payment receipt' }),
  collegeRut: d(/*i18n*/ { id: 'receipt.college_rut', message: 'RUT {rut}' }),
  code: d(/*i18n*/ { id: 'receipt.code', message: 'Receipt number' }),
  paidAt: d(/*i18n*/ { id: 'receipt.paid_at', message: 'Date paid' }),
  student: d(/*i18n*/ { id: 'receipt.student', message: 'Student' }),
  payer: d(/*i18n*/ { id: 'receipt.payer', message: 'Paid by' }),
  concept: d(/*i18n*/ { id: 'receipt.concept', message: 'Description' }),
  amount: d(/*i18n*/ { id: 'receipt.amount', message: 'Amount paid' }),
  method: d(/*i18n*/ { id: 'receipt.method', message: 'Payment method' }),
  methodOnline: d(/*i18n*/ { id: 'receipt.method_online', message: 'Paid online ({provider})' }),
  methodOnlinePlain: d(/*i18n*/ { id: 'receipt.method_online_plain', message: 'Paid online' }),
  methodCash: d(/*i18n*/ { id: 'receipt.method_cash', message: 'Cash' }),
  methodTransfer: d(/*i18n*/ { id: 'receipt.method_transfer', message: 'Bank transfer' }),
  authorizationCode: d(/*i18n*/ { id: 'receipt.authorization_code', message: 'Authorization code' }),
  cardEnding: d(/*i18n*/ { id: 'receipt.card_ending', message: 'Card ending in {digits}' }),
  footer: d(
    /*i18n*/ {
      id: 'receipt.footer',
      message: 'This receipt was issued by {college} through its school app.',
    },
  ),
}
