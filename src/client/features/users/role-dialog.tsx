import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Key } from 'react-aria-components'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { Select, type SelectOption } from '../../ui/select.tsx'

/** Chooses the role to give the people chosen in the list. */
export function RoleDialog({
  isOpen,
  count,
  options,
  onClose,
  onChoose,
}: {
  isOpen: boolean
  count: number
  options: SelectOption[]
  onClose: () => void
  onChoose: (roleId: number) => Promise<void>
}) {
  const { t } = useLingui()
  const [role, setRole] = useState<Key | null>(null)
  const [error, setError] = useState<string>()
  const apply = () => {
    if (role === null) {
      setError(t`Please choose a role`)
      return
    }
    void onChoose(Number(role))
  }
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={plural(count, { one: 'Change the role of # person', other: 'Change the role of # people' })}
      description={t`What they may see and do changes with their role, at their next step in the app.`}
      footer={
        <>
          <AriaButton variant="secondary" onPress={onClose}>
            {t`Cancel`}
          </AriaButton>
          <AriaButton onPress={apply}>{t`Change role`}</AriaButton>
        </>
      }
    >
      <Select
        label={t`New role`}
        options={options}
        value={role}
        onChange={(key) => {
          setRole(key)
          setError(undefined)
        }}
        error={error}
      />
    </Dialog>
  )
}
