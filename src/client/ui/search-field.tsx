import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { SearchField as AriaSearchField, Button, Input, Label } from 'react-aria-components'
import { controlClass, labelClass } from './field-parts.tsx'

const DEBOUNCE_MS = 300

/**
 * A list's search box: what is typed is passed on once typing pauses, so each keystroke does not send
 * a request. Escape clears it. `value` follows the address when it changes from elsewhere.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className = '',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  className?: string
}) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const sent = useRef(value)
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])
  useEffect(() => () => clearTimeout(timer.current), [])
  const change = (next: string, now = false) => {
    setText(next)
    clearTimeout(timer.current)
    const send = () => {
      sent.current = next.trim()
      onChange(next.trim())
    }
    if (now) send()
    else timer.current = setTimeout(send, DEBOUNCE_MS)
  }
  return (
    <AriaSearchField
      value={text}
      onChange={(next) => change(next)}
      onSubmit={(next) => change(next, true)}
      onClear={() => change('', true)}
      className={`group flex min-w-0 flex-col gap-1.5 ${className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted"
        />
        <Input
          placeholder={placeholder}
          dir="auto"
          className={`${controlClass} ps-9 pe-10 [&::-webkit-search-cancel-button]:hidden`}
        />
        <Button className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-xl text-muted outline-none group-data-[empty]:hidden data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </AriaSearchField>
  )
}
