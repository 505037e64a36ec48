import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { controlClass, describedBy, FieldErrorText, FieldHint, labelClass } from './field-parts.tsx'

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  error?: string
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * A labelled input with its hint and error, wired for react-hook-form's `register`. Free text takes
 * its direction from what is typed (`dir="auto"`), so a Spanish name stays in order in Arabic.
 */
export function TextField({ label, error, hint, className = '', type = 'text', ref, ...rest }: Props) {
  const id = useId()
  const freeText = type === 'text' || type === 'search'
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type={type}
        dir={freeText ? 'auto' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass}
        {...rest}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldErrorText id={id}>{error}</FieldErrorText>
    </div>
  )
}
