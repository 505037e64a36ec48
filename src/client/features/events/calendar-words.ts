// schedule-x's words for the calendar's controls, for the locales where its own do not fit the app.
//
// Its only Arabic is Egypt's (`ar-EG`), whose dates and times it writes with Arabic-Indic digits
// ("ديسمبر ٢٠٢٦", "٧:٠٠ م") while its day cells and the rest of the app (Intl's `ar`) write Latin ones
// ("7:00 م"): one calendar with two kinds of digits. The app gives it `ar-AE`, whose dates and times
// are written as the app writes them, and these words for it (schedule-x has none for `ar-AE`, and
// would show its English keys).

type Words = Record<string, string>

const ARABIC: Words = {
  Today: 'اليوم',
  Month: 'الشهر',
  Year: 'السنة',
  Week: 'الأسبوع',
  Day: 'اليوم',
  List: 'القائمة',
  View: 'العرض',
  'Select View': 'اختر العرض',
  '+ {{n}} events': '+ {{n}} أحداث',
  '+ 1 event': '+ حدث واحد',
  'No events': 'لا توجد أحداث',
  'Next period': 'الفترة التالية',
  'Previous period': 'الفترة السابقة',
  to: 'إلى',
  'Full day- and multiple day events': 'أحداث اليوم الكامل وعدة أيام',
  'Link to {{n}} more events on {{date}}': '{{n}} أحداث أخرى يوم {{date}}',
  'Link to 1 more event on {{date}}': 'حدث آخر يوم {{date}}',
  CW: 'الأسبوع {{week}}',
  Date: 'التاريخ',
  'MM/DD/YYYY': 'يوم/شهر/سنة',
  'Next month': 'الشهر التالي',
  'Previous month': 'الشهر السابق',
  'Choose Date': 'اختر التاريخ',
  'Select time': 'اختر الوقت',
  AM: 'ص',
  PM: 'م',
  Cancel: 'إلغاء',
  OK: 'موافق',
}

/** The locale schedule-x formats in for each of the app's, and the words it gets for it. */
export const CALENDAR_LOCALES: Record<string, { locale: string; words?: Record<string, Words> }> = {
  ar: { locale: 'ar-AE', words: { arAE: ARABIC } },
  de: { locale: 'de-DE' },
  en: { locale: 'en-US' },
  es: { locale: 'es-ES' },
  'es-MX': { locale: 'es-ES' },
  fr: { locale: 'fr-FR' },
  'zh-CN': { locale: 'zh-CN' },
}
