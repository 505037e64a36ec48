import { useState } from 'react'

const sizes = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' }

// Background and text pairs that pass 4.5:1 in both themes.
const palettes = [
  'bg-sky-100 text-sky-900',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
  'bg-teal-100 text-teal-900',
  'bg-orange-100 text-orange-900',
  'bg-indigo-100 text-indigo-900',
]

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words
  return letters.map((w) => [...w][0]?.toLocaleUpperCase() ?? '').join('') || '?'
}

function paletteOf(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0
  return palettes[Math.abs(hash) % palettes.length]!
}

/** A person's picture, or their initials on a colour of their own when there is none (or it fails). */
export function Avatar({
  name,
  src,
  size = 'md',
  className = '',
}: {
  name: string
  src?: string | null
  size?: keyof typeof sizes
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(true)}
        className={`${sizes[size]} shrink-0 rounded-full object-cover ${className}`}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} ${paletteOf(name)} inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${className}`}
    >
      {initials(name)}
    </span>
  )
}
