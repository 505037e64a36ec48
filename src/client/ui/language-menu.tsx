import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Languages } from 'lucide-react'
import { LOCALES, type Locale } from '#shared/constants.ts'
import { chooseLocale, LOCALE_NAMES, localeAtom } from '../platform/i18n.ts'

const selectClass =
  'min-h-11 cursor-pointer appearance-none rounded-xl border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm dark:border-slate-600 dark:bg-slate-900'

/** The language choice of public pages: a native select, so these pages load no widget library. */
export function LanguageMenu() {
  const { t } = useLingui()
  const locale = useAtomValue(localeAtom)
  return (
    <div className="relative">
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      />
      <select
        value={locale}
        aria-label={t`Language`}
        onChange={(e) => void chooseLocale(e.target.value as Locale)}
        className={selectClass}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  )
}

export { selectClass }
