import { useLingui } from '@lingui/react/macro'
import { ALL, type Target } from '#shared/posts.schema.ts'
import { Checkbox, CheckboxGroup } from './checkbox.tsx'

type Option = { id: number; name: string }

/** A checkbox group with an "all" choice first; choosing "all" clears the others and back. */
export function TargetPicker({
  legend,
  allLabel,
  options,
  value,
  onChange,
  error,
}: {
  legend: string
  allLabel: string
  options: Option[]
  value: Target[]
  onChange: (next: Target[]) => void
  error?: string
}) {
  const { t } = useLingui()
  const all = value.includes(ALL)
  const change = (keys: string[]) => {
    // "All" just chosen wins over the others; a specific one chosen drops "all".
    if (keys.includes(ALL) && !all) return onChange([ALL])
    onChange(keys.filter((k) => k !== ALL).map(Number))
  }
  return (
    <CheckboxGroup
      label={legend}
      value={value.map(String)}
      onChange={change}
      error={error}
      hint={options.length === 0 ? t`Nothing to choose yet.` : undefined}
    >
      <Checkbox value={ALL}>{allLabel}</Checkbox>
      {options.map((o) => (
        <Checkbox key={o.id} value={String(o.id)} isDisabled={all}>
          {o.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  )
}
