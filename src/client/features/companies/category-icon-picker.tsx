// The choice of a category's icon: a group of radio buttons drawn as tiles, each with its icon and
// its word. Arrow keys move between them (in the reading direction), Space picks one.
import { useLingui } from '@lingui/react/macro'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { PYME_CATEGORY_ICONS, type PymeCategoryIcon } from '#shared/benefits.schema.ts'
import { CATEGORY_ICON_LABELS, CategoryIcon } from '../../ui/category-icon.ts'
import { AriaFieldHelp, labelClass } from '../../ui/field-parts.tsx'

export function CategoryIconPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string
  onChange: (icon: PymeCategoryIcon) => void
  error?: string
}) {
  const { i18n } = useLingui()
  return (
    <RadioGroup
      value={value || null}
      onChange={(next) => onChange(next as PymeCategoryIcon)}
      isInvalid={Boolean(error)}
      orientation="horizontal"
      className="flex flex-col gap-1.5"
    >
      <Label className={labelClass}>{label}</Label>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {PYME_CATEGORY_ICONS.map((icon) => (
          <Radio
            key={icon}
            value={icon}
            className="flex min-h-16 cursor-default flex-col items-center justify-center gap-1 rounded-xl border border-slate-300 bg-white px-1 py-2 text-center text-slate-700 transition-colors outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-ink data-[hovered]:border-slate-400 data-[selected]:border-brand-ink data-[selected]:bg-brand-soft data-[selected]:text-brand-ink data-[selected]:ring-2 data-[selected]:ring-brand-ink dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:data-[selected]:bg-brand-soft"
          >
            <CategoryIcon icon={icon} className="size-6" />
            <span className="text-xs leading-tight">{i18n._(CATEGORY_ICON_LABELS[icon])}</span>
          </Radio>
        ))}
      </div>
      <AriaFieldHelp error={error} />
    </RadioGroup>
  )
}
