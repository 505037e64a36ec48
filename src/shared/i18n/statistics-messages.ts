// Texts of the statistics dashboard, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const statisticsMessages = {
  statisticsPeriodOrder: d(
    /*i18n*/ {
      id: 'validation.statistics_period_order',
      message: 'The start of the period must be on or before its end.',
    },
  ),
  statisticsPeriodTooLong: d(
    /*i18n*/ {
      id: 'validation.statistics_period_too_long',
      message: 'The period can be at most {max} days long. Please choose a later start.',
    },
  ),
}
