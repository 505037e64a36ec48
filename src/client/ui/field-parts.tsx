import type { ReactNode } from 'react'
import { FieldError, Text } from 'react-aria-components'
import { fieldErrorClass } from './field-classes.ts'

/** Ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
}

export { controlClass, labelClass } from './field-classes.ts'

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
    <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
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
      <FieldError className={fieldErrorClass}>{error}</FieldError>
    </>
  )
}
