// Texts of local businesses and their benefits, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const benefitMessages = {
  advertisingLabel: d(/*i18n*/ { id: 'banner.advertising_label', message: 'Advertising' }),
  phoneInvalid: d(
    /*i18n*/ {
      id: 'validation.phone_invalid',
      message: 'Please enter a phone number such as +56 9 1234 5678.',
    },
  ),
  linkInvalid: d(
    /*i18n*/ {
      id: 'validation.link_invalid',
      message: 'Please enter a full address that starts with https://',
    },
  ),
  bannerPlacementInvalid: d(
    /*i18n*/ { id: 'validation.banner_placement_invalid', message: 'Please choose where the banner shows.' },
  ),
  bannerCollegesRequired: d(
    /*i18n*/ { id: 'validation.banner_colleges_required', message: 'Please choose at least one college.' },
  ),
  bannerCollegesAdvertising: d(
    /*i18n*/ {
      id: 'validation.banner_colleges_advertising',
      message: 'Choose only colleges that accept advertising.',
    },
  ),
  categoryRequired: d(/*i18n*/ { id: 'validation.category_required', message: 'Please choose a category.' }),
  companyRequired: d(/*i18n*/ { id: 'validation.company_required', message: 'Please choose a company.' }),
  iconInvalid: d(/*i18n*/ { id: 'validation.icon_invalid', message: 'Please choose an icon.' }),
  promotionEndBeforeStart: d(
    /*i18n*/ {
      id: 'validation.promotion_end_before_start',
      message: 'The last day must be on or after the first day.',
    },
  ),
  pymeCategoryInUse: d(
    /*i18n*/ {
      id: 'benefits.category_in_use',
      message: 'Businesses are listed in this category. Move them to another category first.',
    },
  ),
  companyHasPymes: d(
    /*i18n*/ {
      id: 'benefits.company_has_pymes',
      message: 'This company still has businesses. Delete them first.',
    },
  ),
  companyUserOnly: d(
    /*i18n*/ {
      id: 'benefits.company_user_only',
      message: 'Your account is not linked to a company yet. Please ask the college to link it.',
    },
  ),
  companyHostRefused: d(
    /*i18n*/ {
      id: 'benefits.company_host_refused',
      message:
        'Company accounts sign in at the advertising address only. Please use the address the college gave you.',
    },
  ),
  companyUserEmailTaken: d(
    /*i18n*/ {
      id: 'benefits.company_user_email_taken',
      message: 'Someone at this college already uses this email address.',
    },
  ),
}
