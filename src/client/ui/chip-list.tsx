import { useLingui } from '@lingui/react/macro'
import { X } from 'lucide-react'
import { Button } from 'react-aria-components'

/** Chosen items as removable chips ("Remove Ana" on each button), beside a picker that adds them. */
export function ChipList<T extends { id: number; name: string }>({
  items,
  label,
  onRemove,
  testId,
}: {
  items: T[]
  label: string
  onRemove?: (item: T) => void
  testId?: string
}) {
  const { t } = useLingui()
  if (items.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li
          key={item.id}
          className="flex max-w-full items-center gap-1 rounded-full bg-brand-soft py-1 ps-3 pe-1 text-sm text-brand-ink"
        >
          <span dir="auto" className="truncate">
            {item.name}
          </span>
          {onRemove && (
            <Button
              aria-label={t`Remove ${item.name}`}
              onPress={() => onRemove(item)}
              className="flex size-7 shrink-0 items-center justify-center rounded-full outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-ink data-[hovered]:bg-white/60 dark:data-[hovered]:bg-black/30"
            >
              <X aria-hidden="true" className="size-3.5" />
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
