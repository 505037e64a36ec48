// A business category's icon beside its name, in the businesses' list and detail.
import type { PymeCategory } from '#shared/benefits.schema.ts'
import { CategoryIcon } from '../../ui/category-icon.ts'

/** A category's icon and name; a dash when the category is unknown (deleted, or not loaded yet). */
export function CategoryName({ category }: { category: PymeCategory | undefined }) {
  if (!category) return <span className="text-muted">—</span>
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <CategoryIcon icon={category.icon} className="size-4 shrink-0 text-muted" />
      <span dir="auto" className="truncate">
        {category.name}
      </span>
    </span>
  )
}
