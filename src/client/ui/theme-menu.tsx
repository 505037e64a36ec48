import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import type { Theme } from '#shared/constants.ts'
import { setTheme, themeAtom } from '../platform/theme.ts'

export function ThemeMenu() {
  const { t } = useLingui()
  const theme = useAtomValue(themeAtom)
  const labels: Record<Theme, string> = { light: t`Light`, dark: t`Dark`, auto: t`Automatic` }
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t`Theme`}</span>
      <select
        value={theme}
        aria-label={t`Theme`}
        onChange={(e) => setTheme(e.target.value as Theme)}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
      >
        {(Object.keys(labels) as Theme[]).map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </label>
  )
}
