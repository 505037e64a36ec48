import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Languages } from 'lucide-react'
import { LOCALES, type Locale } from '#shared/constants.ts'
import { chooseLocale, LOCALE_NAMES, localeAtom } from '../platform/i18n.ts'
import { languageSelectClass, selectIconClass } from './field-classes.ts'

/** The language choice of public pages: a native select, so these pages load no widget library. */
export function LanguageMenu() {
  const { t } = useLingui()
  const locale = useAtomValue(localeAtom)
  return (
    <div className="relative">
      <Languages aria-hidden="true" className={selectIconClass} />
      <select
        value={locale}
        aria-label={t`Language`}
        onChange={(e) => void chooseLocale(e.target.value as Locale)}
        className={languageSelectClass}
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
