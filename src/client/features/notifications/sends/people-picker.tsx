// Choosing people one by one for a notification: searched on the server as one types (by name, email
// or RUT), the chosen ones shown as chips that can be removed.
import { useLingui } from '@lingui/react/macro'
import { ChevronsUpDown, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, ComboBox, Input, Label, ListBox, Popover } from 'react-aria-components'
import { queryString, useRemote } from '../../../platform/remote.ts'
import { ChipList } from '../../../ui/chip-list.tsx'
import { AriaFieldHelp, controlClass, labelClass } from '../../../ui/field-parts.tsx'
import { ListBoxItem } from '../../../ui/list-box-item.tsx'
import { popoverClass } from '../../../ui/popover.tsx'

/** A person as the people search answers. */
export type Person = { id: number; name: string; email: string; role: string; role_name: string }

export function PeoplePicker({
  chosen,
  onAdd,
  onRemove,
  max,
  roleName,
  error,
}: {
  chosen: Person[]
  onAdd: (person: Person) => void
  onRemove: (person: Person) => void
  max: number
  roleName: (key: string, name: string) => string
  error?: string
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250)
    return () => clearTimeout(timer)
  }, [text])
  const found = useRemote<{ data: Person[] }>(
    `api/v1/college-notifications/people${queryString({ q: query })}`,
  )
  const taken = new Set(chosen.map((p) => p.id))
  const options = (found.data?.data ?? []).filter((p) => !taken.has(p.id))
  const full = chosen.length >= max
  const searching = found.status === 'loading' || text.trim() !== query
  return (
    <div className="flex flex-col gap-2">
      <ComboBox
        inputValue={text}
        onInputChange={setText}
        items={options}
        selectedKey={null}
        onSelectionChange={(key) => {
          const person = options.find((p) => p.id === key)
          if (!person) return
          onAdd(person)
          setText('')
        }}
        isInvalid={Boolean(error)}
        isDisabled={full}
        menuTrigger="focus"
        className="flex flex-col gap-1.5"
      >
        <Label className={labelClass}>{t`Add people`}</Label>
        <div className="relative">
          <Input placeholder={t`Type a name, email or RUT`} dir="auto" className={`${controlClass} pe-11`} />
          <Button className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-muted">
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <AriaFieldHelp
          hint={
            full
              ? t`That is the most people one notification can name. For more, choose their grades or courses.`
              : t`Up to ${max} people. For more, choose their grades or courses.`
          }
          error={error}
        />
        <Popover offset={6} className={`${popoverClass} max-h-72 w-(--trigger-width)`}>
          <ListBox
            className="outline-none"
            renderEmptyState={() => (
              <p className="px-3 py-2 text-muted">
                {searching
                  ? t`Searching…`
                  : found.status === 'offline'
                    ? t`Searching needs a connection`
                    : found.status === 'error'
                      ? t`The search did not work. Please try again.`
                      : t`Nobody matches`}
              </p>
            )}
          >
            {(person: Person) => (
              <ListBoxItem
                id={person.id}
                description={[roleName(person.role, person.role_name), person.email]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {person.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <ChipList items={chosen} label={t`Chosen people`} onRemove={onRemove} testId="chosen-people" />
    </div>
  )
}
