// A business's photo, or its category's icon on a soft tile when it has none or it cannot load
// (offline, before the image was ever cached). Decorative: the business's name is right beside it.
import { useState } from 'react'
import { CategoryIcon } from '../../ui/category-icon.ts'

export function BenefitPhoto({
  src,
  icon,
  className = '',
}: {
  src: string | null
  icon: string
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className={`bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
      />
    )
  }
  return (
    <span className={`flex items-center justify-center bg-brand-soft text-brand-ink ${className}`}>
      <CategoryIcon icon={icon} className="size-10 opacity-80" />
    </span>
  )
}
