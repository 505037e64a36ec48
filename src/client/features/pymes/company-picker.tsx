// The company a business belongs to, chosen by the college's administrators: found on the server as
// they type, since a college can have more companies than one page (the first hundred alone left the
// rest impossible to choose).
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Company } from '#shared/benefits.schema.ts'
import { useRemoteList } from '../../platform/remote.ts'
import { ComboBox } from '../../ui/combobox.tsx'
import type { SelectOption } from '../../ui/select.tsx'
import { useSettled } from '../../ui/use-settled.ts'

export function CompanyPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: number | undefined
  /** The company of the business edited, shown before any search. */
  current?: SelectOption
  onChange: (id: number | undefined) => void
  error?: string
}) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState(current)
  const [text, setText] = useState('')
  // The chosen company's own name in the box is no search: opening the list again offers them all.
  const typed = useSettled(text.trim())
  const query = chosen && typed === chosen.name ? '' : typed
  const list = useRemoteList<Company>('api/v1/companies', { q: query, limit: 20 })
  const options: SelectOption[] = list.rows.map((c) => ({ id: String(c.id), name: c.name }))
  // Kept among the options whatever the search shows: the box shows the name of an option only.
  if (chosen && !options.some((o) => o.id === chosen.id)) options.push(chosen)
  const searching = list.status === 'loading' || list.refreshing
  const hint =
    list.status === 'ready'
      ? query === '' && list.rows.length === 0
        ? t`There are no companies yet: add the business's company in Companies first.`
        : undefined
      : list.status === 'loading'
        ? t`Loading companies…`
        : t`The companies could not be loaded. Check your connection, close this form and open it again.`
  return (
    <ComboBox
      label={t`Company`}
      placeholder={t`Choose a company`}
      emptyText={searching ? t`Searching…` : t`No company has this name.`}
      options={options}
      onSearch={setText}
      value={value ? String(value) : null}
      onChange={(key) => {
        setChosen(options.find((o) => o.id === key))
        onChange(key === null ? undefined : Number(key))
      }}
      hint={hint ?? t`The company's users manage this business and its promotions.`}
      error={error}
    />
  )
}
