import { useAtomValue } from 'jotai'
import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { toastsAtom } from '../platform/toasts.ts'

const looks = {
  info: { Icon: Info, className: 'bg-slate-900 text-white dark:bg-slate-700' },
  success: { Icon: CircleCheck, className: 'bg-emerald-800 text-white' },
  error: { Icon: CircleAlert, className: 'bg-red-700 text-white' },
}

/**
 * Toasts last 2 seconds at the bottom right (spec section 8): the physical right in every language
 * direction, as the spec says; above the phone's bottom bar.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-20 z-[60] flex max-w-[calc(100vw-2rem)] flex-col items-end gap-2 md:bottom-4"
    >
      {toasts.map((t) => {
        const { Icon, className } = looks[t.kind]
        return (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex items-center gap-3 rounded-2xl px-4 py-3 shadow-xl ${className}`}
          >
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            <span>{t.text}</span>
          </div>
        )
      })}
    </div>
  )
}
