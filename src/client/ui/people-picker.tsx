// Choosing people one by one: searched on the server as one types, ticked in the results (several
// from one search), the chosen ones shown as chips that can be removed whatever the search shows now.
// Offline, `offline` may offer people the device already knows.
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { useRemote } from '../platform/remote.ts'
import { Checkbox, CheckboxGroup } from './checkbox.tsx'
import { ChipList } from './chip-list.tsx'
import { SearchField } from './search-field.tsx'

export type PickedPerson = { id: number; name: string }

export function PeoplePicker<P extends PickedPerson>({
  chosen,
  onChange,
  max,
  searchUrl,
  describe,
  placeholder,
  limitHint,
  fullHint,
  offline,
  error,
}: {
  chosen: P[]
  onChange: (people: P[]) => void
  max: number
  /** The address of the search for what was typed. */
  searchUrl: (query: string) => string
  /** The line under a name: their role, email, courses. */
  describe: (person: P) => ReactNode
  placeholder: string
  limitHint: string
  fullHint: string
  offline?: (query: string) => P[]
  error?: string
}) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const found = useRemote<{ data: P[] }>(searchUrl(query))
  const offlineList = found.status === 'offline' ? offline?.(query) : undefined
  const results = offlineList ?? found.data?.data ?? []
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
      ? offlineList?.length
        ? t`Offline: people you have written to before`
        : t`Searching needs a connection`
      : found.status === 'error'
        ? t`The search did not work. Please try again.`
        : found.status === 'ready' && results.length === 0
          ? t`Nobody matches`
          : full
            ? fullHint
            : limitHint
  return (
    <div className="flex flex-col gap-3">
      <SearchField label={t`Find people`} placeholder={placeholder} value={query} onChange={setQuery} />
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
              <span className="text-sm text-muted">{describe(person)}</span>
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
