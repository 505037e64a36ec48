import { type ReactNode, useId, useState } from 'react'

type Position = 'top' | 'bottom' | 'start' | 'end'
type Color = 'dark' | 'light' | 'brand' | 'danger'

const positions: Record<Position, string> = {
  top: 'bottom-full mb-2 start-1/2 -translate-x-1/2 rtl:translate-x-1/2',
  bottom: 'top-full mt-2 start-1/2 -translate-x-1/2 rtl:translate-x-1/2',
  start: 'end-full me-2 top-1/2 -translate-y-1/2',
  end: 'start-full ms-2 top-1/2 -translate-y-1/2',
}
const colors: Record<Color, string> = {
  dark: 'bg-slate-900 text-white',
  light: 'bg-white text-slate-900 ring-1 ring-slate-300',
  brand: 'bg-brand text-white',
  danger: 'bg-red-700 text-white',
}

/** A hint shown on hover and keyboard focus, with position and colour options. */
export function Tooltip({
  text,
  position = 'top',
  color = 'dark',
  children,
}: {
  text: string
  position?: Position
  color?: Color
  children: ReactNode
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapped child stays the interactive element; the wrapper only listens for its hover and focus.
    <span
      className="relative inline-flex"
      aria-describedby={id}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute z-40 whitespace-nowrap rounded px-2 py-1 text-xs ${positions[position]} ${colors[color]} ${
          open ? 'opacity-100' : 'opacity-0'
        }`}
      >
        {text}
      </span>
    </span>
  )
}
