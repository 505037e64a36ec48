import { useLingui } from '@lingui/react/macro'
import { useBlocker } from '@tanstack/react-router'
import { AriaButton } from './aria-button.tsx'
import { Dialog } from './dialog.tsx'

/**
 * Asks before leaving a form with unsaved changes: in the app's dialog for in-app navigation, and
 * through the browser's own warning when the tab is closed or reloaded. `when` is read at the moment
 * of leaving, so a form that was just saved can let its own navigation through.
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const { t } = useLingui()
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true })
  return (
    <Dialog
      isOpen={blocker.status === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      role="alertdialog"
      size="sm"
      title={t`Leave without saving?`}
      description={t`What you changed on this screen has not been saved and will be lost.`}
      footer={
        <>
          <AriaButton variant="danger" onPress={() => blocker.proceed?.()}>
            {t`Leave and lose the changes`}
          </AriaButton>
          <AriaButton autoFocus onPress={() => blocker.reset?.()}>
            {t`Stay on this screen`}
          </AriaButton>
        </>
      }
    />
  )
}
