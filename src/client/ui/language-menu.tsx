import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { LOCALES, type Locale } from '#shared/constants.ts'
import { chooseLocale, LOCALE_NAMES, localeAtom } from '../platform/i18n.ts'

export function LanguageMenu() {
  const { t } = useLingui()
  const locale = useAtomValue(localeAtom)
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t`Language`}</span>
      <select
        value={locale}
        aria-label={t`Language`}
        onChange={(e) => void chooseLocale(e.target.value as Locale)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  )
}
