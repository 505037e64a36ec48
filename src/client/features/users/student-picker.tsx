// Finding students by name, email or RUT to link them to a guardian: the list is searched on the
// server as one types (a college has far more students than one page).
import { useLingui } from '@lingui/react/macro'
import { ChevronsUpDown } from 'lucide-react'
import { useState } from 'react'
import { Button, ComboBox, Input, Label, ListBox, Popover } from 'react-aria-components'
import type { PersonRef, UserRow } from '#shared/users.schema.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { ChipList } from '../../ui/chip-list.tsx'
import { AriaFieldHelp, controlClass, labelClass } from '../../ui/field-parts.tsx'
import { ListBoxItem } from '../../ui/list-box-item.tsx'
import { popoverClass } from '../../ui/popover.tsx'
import { useSettled } from '../../ui/use-settled.ts'
import { fullName } from './users-list.tsx'

export function StudentPicker({
  studentRoleId,
  chosen,
  onAdd,
  onRemove,
  label,
  error,
  isDisabled,
}: {
  studentRoleId: number | undefined
  chosen: PersonRef[]
  onAdd: (student: PersonRef) => void
  onRemove?: (student: PersonRef) => void
  label: string
  error?: string
  isDisabled?: boolean
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const query = useSettled(text.trim())
  const list = useRemoteList<UserRow>('api/v1/users', { role: studentRoleId, q: query, limit: 20 })
  const taken = new Set(chosen.map((s) => s.id))
  const options = list.rows.filter((r) => !taken.has(r.id))
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        inputValue={text}
        onInputChange={setText}
        items={options}
        selectedKey={null}
        onSelectionChange={(key) => {
          const row = options.find((r) => r.id === key)
          if (!row) return
          onAdd({ id: row.id, name: fullName(row), email: row.email, courses: row.courses })
          setText('')
        }}
        isInvalid={Boolean(error)}
        isDisabled={isDisabled}
        menuTrigger="focus"
        className="flex flex-col gap-1.5"
      >
        <Label className={labelClass}>{label}</Label>
        <div className="relative">
          <Input placeholder={t`Type a name, email or RUT`} dir="auto" className={`${controlClass} pe-11`} />
          <Button className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-muted">
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <AriaFieldHelp error={error} />
        <Popover offset={6} className={`${popoverClass} max-h-72 w-(--trigger-width)`}>
          <ListBox
            className="outline-none"
            renderEmptyState={() => (
              <p className="px-3 py-2 text-muted">
                {list.status === 'loading' || list.refreshing ? t`Searching…` : t`No student matches`}
              </p>
            )}
          >
            {(row: UserRow) => (
              <ListBoxItem
                id={row.id}
                description={[row.courses.map((c) => c.name).join(', '), row.email]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {fullName(row)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <ChipList items={chosen} label={t`Chosen students`} onRemove={onRemove} />
    </div>
  )
}
