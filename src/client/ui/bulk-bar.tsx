import { useLingui } from '@lingui/react/macro'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Toolbar } from 'react-aria-components'
import { AriaIconButton } from './aria-button.tsx'

/**
 * What can be done to the rows chosen in a table: shown while some are chosen, at the bottom of the
 * screen on phones (above the navigation) and above the table on wider screens.
 */
export function BulkBar({
  count,
  onClear,
  children,
}: {
  count: number
  onClear: () => void
  children: ReactNode
}) {
  const { t } = useLingui()
  if (count === 0) return null
  return (
    <Toolbar
      aria-label={t`Actions for the chosen rows`}
      className="fixed inset-x-3 bottom-24 z-30 flex flex-wrap items-center gap-2 rounded-2xl bg-slate-900 p-2 ps-4 text-white shadow-xl md:sticky md:inset-x-auto md:top-2 md:bottom-auto dark:bg-slate-800 dark:ring-1 dark:ring-slate-600"
    >
      <span role="status" className="me-auto font-medium">
        {t`${count} chosen`}
      </span>
      {children}
      <AriaIconButton
        label={t`Clear the choice`}
        size="sm"
        onPress={onClear}
        className="!text-white hover:!bg-white/10"
      >
        <X aria-hidden="true" className="size-4" />
      </AriaIconButton>
    </Toolbar>
  )
}
