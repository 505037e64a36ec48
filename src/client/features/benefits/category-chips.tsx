// The directory's categories as chips, one chosen at a time ("All" first), each with its icon. On a
// phone they scroll sideways in one row; wider, they wrap.
import { useLingui } from '@lingui/react/macro'
import { LayoutGrid } from 'lucide-react'
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import type { PymeCategory } from '#shared/benefits.schema.ts'
import { CategoryIcon } from '../../ui/category-icon.ts'

const ALL = 'all'

const chipClass =
  'flex min-h-11 shrink-0 cursor-pointer items-center gap-2 rounded-full bg-white px-4 text-sm font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-300 outline-none ring-inset data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-ink data-[hovered]:bg-slate-50 data-[selected]:bg-brand data-[selected]:text-on-brand data-[selected]:ring-brand dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-600 dark:data-[hovered]:bg-slate-800 dark:data-[selected]:bg-brand'

export function CategoryChips({
  categories,
  value,
  onChange,
}: {
  categories: PymeCategory[]
  value: number | undefined
  onChange: (category: number | undefined) => void
}) {
  const { t } = useLingui()
  return (
    <ToggleButtonGroup
      aria-label={t`Categories`}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value ?? ALL]}
      onSelectionChange={(keys) => {
        const [key] = [...keys]
        onChange(key === undefined || key === ALL ? undefined : Number(key))
      }}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      data-testid="benefit-categories"
    >
      <ToggleButton id={ALL} className={chipClass}>
        <LayoutGrid aria-hidden="true" className="size-4 shrink-0" />
        {t`All`}
      </ToggleButton>
      {categories.map((c) => (
        <ToggleButton key={c.id} id={c.id} className={chipClass}>
          <CategoryIcon icon={c.icon} className="size-4 shrink-0" />
          <span dir="auto">{c.name}</span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}
