import { useAtomValue } from 'jotai'
import { toastsAtom } from '../platform/toasts.ts'

/** Toasts last 2 seconds at the bottom right (spec section 8), in every language direction. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex flex-col gap-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-lg px-4 py-3 text-white shadow-lg ${
            t.kind === 'error' ? 'bg-red-700' : t.kind === 'success' ? 'bg-emerald-700' : 'bg-slate-800'
          }`}
        >
          {t.text}
        </div>
      ))}
    </div>
  )
}
