import { LoaderCircle } from 'lucide-react'

/** A turning circle for work in progress; the text beside it (or `label`) says what is happening. */
export function Spinner({ label, className = 'size-4' }: { label?: string; className?: string }) {
  return (
    <LoaderCircle
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
      className={`animate-spin motion-reduce:animate-none ${className}`}
    />
  )
}
