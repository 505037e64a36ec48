// Names of fee types, payment states and methods in the reader's language, and their badge tones.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { FeeType, PaymentMethod, PaymentStatus } from '#shared/payments.schema.ts'
import type { BadgeTone } from '../../ui/badge.tsx'

const FEE_TYPE_LABELS = {
  tuition: msg`Tuition`,
  enrolment: msg`Enrolment`,
  materials: msg`Materials`,
  activity: msg`Activity`,
  other: msg`Other`,
} as const

const STATUS_LABELS = {
  pending: msg`In progress`,
  approved: msg`Paid`,
  rejected: msg`Not completed`,
  refunded: msg`Refunded`,
} as const

const METHOD_LABELS = {
  online: msg`Online`,
  cash: msg`Cash`,
  transfer: msg`Bank transfer`,
} as const

export const STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
  refunded: 'neutral',
}

export const feeTypeLabel = (i18n: I18n, type: FeeType) => i18n._(FEE_TYPE_LABELS[type])
export const paymentStatusLabel = (i18n: I18n, status: PaymentStatus) => i18n._(STATUS_LABELS[status])
export const paymentMethodLabel = (i18n: I18n, method: PaymentMethod) => i18n._(METHOD_LABELS[method])

const labelsOf = <K extends string>(i18n: I18n, labels: Record<K, MessageDescriptor>) =>
  Object.fromEntries(
    Object.entries(labels).map(([key, label]) => [key, i18n._(label as MessageDescriptor)]),
  ) as Record<K, string>

/** The same names as records, for lists and selects. */
export function useFeeTypeLabels(): Record<FeeType, string> {
  return labelsOf(useLingui().i18n, FEE_TYPE_LABELS)
}
export function usePaymentStatusLabels(): Record<PaymentStatus, string> {
  return labelsOf(useLingui().i18n, STATUS_LABELS)
}
export function usePaymentMethodLabels(): Record<PaymentMethod, string> {
  return labelsOf(useLingui().i18n, METHOD_LABELS)
}
