import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { SunMoon } from 'lucide-react'
import type { Theme } from '#shared/constants.ts'
import { setTheme, themeAtom } from '../platform/theme.ts'
import { selectClass, selectIconClass } from './field-classes.ts'

export function ThemeMenu() {
  const { t } = useLingui()
  const theme = useAtomValue(themeAtom)
  const labels: Record<Theme, string> = { light: t`Light`, dark: t`Dark`, auto: t`Automatic` }
  return (
    <div className="relative">
      <SunMoon aria-hidden="true" className={selectIconClass} />
      <select
        value={theme}
        aria-label={t`Theme`}
        onChange={(e) => setTheme(e.target.value as Theme)}
        className={selectClass}
      >
        {(Object.keys(labels) as Theme[]).map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  )
}
