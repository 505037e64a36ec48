// Choosing people one by one for a notification: searched on the server as one types (by name, email
// or RUT), ticked in the results (several from one search), the chosen ones shown as chips that can be
// removed whatever the search shows now.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { queryString, useRemote } from '../../../platform/remote.ts'
import { Checkbox, CheckboxGroup } from '../../../ui/checkbox.tsx'
import { ChipList } from '../../../ui/chip-list.tsx'
import { SearchField } from '../../../ui/search-field.tsx'

/** A person as the people search answers. */
export type Person = { id: number; name: string; email: string; role: string; role_name: string }

export function PeoplePicker({
  chosen,
  onChange,
  max,
  roleName,
  error,
}: {
  chosen: Person[]
  onChange: (people: Person[]) => void
  max: number
  roleName: (key: string, name: string) => string
  error?: string
}) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const found = useRemote<{ data: Person[] }>(
    `api/v1/college-notifications/people${queryString({ q: query })}`,
  )
  const results = found.data?.data ?? []
  const chosenIds = new Set(chosen.map((p) => p.id))
  const full = chosen.length >= max
  const tick = (ids: string[]) => {
    const ticked = new Set(ids.map(Number))
    // Those shown follow the boxes; those chosen from earlier searches stay.
    const kept = chosen.filter((p) => ticked.has(p.id) || !results.some((r) => r.id === p.id))
    const added = results.filter((r) => ticked.has(r.id) && !chosenIds.has(r.id))
    onChange([...kept, ...added].slice(0, max))
  }
  const hint =
    found.status === 'offline'
      ? t`Searching needs a connection`
      : found.status === 'error'
        ? t`The search did not work. Please try again.`
        : found.status === 'ready' && results.length === 0
          ? t`Nobody matches`
          : full
            ? t`That is the most people one notification can name. For more, choose their grades or courses.`
            : t`Up to ${max} people. For more, choose their grades or courses.`
  return (
    <div className="flex flex-col gap-3">
      <SearchField
        label={t`Find people`}
        placeholder={t`Type a name, email or RUT`}
        value={query}
        onChange={setQuery}
      />
      <CheckboxGroup
        label={t`People found`}
        value={results.filter((r) => chosenIds.has(r.id)).map((r) => String(r.id))}
        onChange={tick}
        error={error}
        hint={hint}
        className="max-h-80 overflow-y-auto"
      >
        {results.map((person) => (
          <Checkbox key={person.id} value={String(person.id)} isDisabled={full && !chosenIds.has(person.id)}>
            <span className="flex flex-col">
              <span>{person.name}</span>
              <span className="text-sm text-muted">
                {[roleName(person.role, person.role_name), person.email].filter(Boolean).join(' · ')}
              </span>
            </span>
          </Checkbox>
        ))}
      </CheckboxGroup>
      <ChipList
        items={chosen}
        label={t`Chosen people`}
        onRemove={(person) => onChange(chosen.filter((p) => p.id !== person.id))}
        testId="chosen-people"
      />
    </div>
  )
}
