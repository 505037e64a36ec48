import type { ReactNode } from 'react'

const tones = {
  error: 'bg-red-100 text-red-900',
  success: 'bg-emerald-100 text-emerald-950',
  warning: 'bg-amber-100 text-amber-950',
}

/** A message about a whole form: what went wrong, or that it worked. */
export function FormAlert({ tone = 'error', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  if (!children) return null
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 ${tones[tone]}`}>
      {children}
    </p>
  )
}
