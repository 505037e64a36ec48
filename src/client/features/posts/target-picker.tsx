import { useLingui } from '@lingui/react/macro'
import { ALL, type Target } from '#shared/posts.schema.ts'

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
  const toggle = (id: Target, checked: boolean) => {
    if (id === ALL) return onChange(checked ? [ALL] : [])
    const ids = value.filter((v) => v !== ALL && v !== id)
    onChange(checked ? [...ids, id] : ids)
  }
  return (
    <fieldset aria-invalid={error ? true : undefined} className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <label className="flex min-h-9 items-center gap-2">
        <input type="checkbox" checked={all} onChange={(e) => toggle(ALL, e.target.checked)} />
        {allLabel}
      </label>
      {options.map((o) => (
        <label key={o.id} className="flex min-h-9 items-center gap-2">
          <input
            type="checkbox"
            checked={value.includes(o.id)}
            disabled={all}
            onChange={(e) => toggle(o.id, e.target.checked)}
          />
          {o.name}
        </label>
      ))}
      {options.length === 0 && <p className="text-sm text-slate-600">{t`Nothing to choose yet.`}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
