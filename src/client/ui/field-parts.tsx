import type { ReactNode } from 'react'
import { FieldError, Text } from 'react-aria-components'

/** Ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
}

export const labelClass = 'text-sm font-medium text-slate-800 dark:text-slate-200'

export const controlClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 transition-colors hover:border-slate-400 focus:border-brand-ink focus:outline-2 focus:outline-offset-0 focus:outline-brand-ink/30 aria-[invalid=true]:border-red-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400'

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null
  return (
    <p id={`${id}-hint`} className="text-sm text-muted">
      {children}
    </p>
  )
}

export function FieldErrorText({ id, children }: { id: string; children?: string }) {
  if (!children) return null
  return (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
      {children}
    </p>
  )
}

/** The hint and error of a React Aria field (select, combobox, groups, dates), in its slots. */
export function AriaFieldHelp({ hint, error }: { hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <Text slot="description" className="text-sm text-muted">
          {hint}
        </Text>
      )}
      <FieldError className="text-sm font-medium text-red-700 dark:text-red-300">{error}</FieldError>
    </>
  )
}
