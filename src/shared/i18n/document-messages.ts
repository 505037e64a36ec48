// Texts of the documents area, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const documentMessages = {
  documentFileType: d(
    /*i18n*/ {
      id: 'validation.document_file_type',
      message: 'Please choose a PDF, a picture, an office document or a plain text file.',
    },
  ),
  documentFileMacros: d(
    /*i18n*/ {
      id: 'validation.document_file_macros',
      message: 'Files with macros cannot be shared. Please save it without macros and try again.',
    },
  ),
  documentFileSize: d(
    /*i18n*/ { id: 'validation.document_file_size', message: 'This file is larger than 20 MB.' },
  ),
  documentFileMissing: d(
    /*i18n*/ {
      id: 'validation.document_file_missing',
      message: 'The file was not received. Please upload it again.',
    },
  ),
  documentAudienceRequired: d(
    /*i18n*/ {
      id: 'validation.document_audience_required',
      message: 'Please choose who can read it: the whole college, grades, courses or people.',
    },
  ),
  documentPersonUnknown: d(
    /*i18n*/ {
      id: 'validation.document_person_unknown',
      message: 'One of the people chosen is not in this college.',
    },
  ),
  documentDateFuture: d(
    /*i18n*/ {
      id: 'validation.document_date_future',
      message: 'The publication date cannot be later than today.',
    },
  ),
  documentCategoryNotEmpty: d(
    /*i18n*/ {
      id: 'error.document_category_not_empty',
      message: 'This category still holds documents or categories. Move or delete them first.',
    },
  ),
  documentCategoryLoop: d(
    /*i18n*/ {
      id: 'validation.document_category_loop',
      message: 'A category cannot be placed inside itself.',
    },
  ),
  documentCategoryTaken: d(
    /*i18n*/ {
      id: 'validation.document_category_taken',
      message: 'There is already a category with this name here.',
    },
  ),
  documentLinkExpired: d(
    /*i18n*/ {
      id: 'error.document_link_expired',
      message: 'This link has expired. Please open the document again from the app.',
    },
  ),
}
