import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react'
import { controlClass, describedBy, FieldErrorText, FieldHint, labelClass } from './field-parts.tsx'

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string
  error?: string
  hint?: ReactNode
  ref?: Ref<HTMLTextAreaElement>
}

export function TextArea({ label, error, hint, className = '', rows = 4, ref, ...rest }: Props) {
  const id = useId()
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={rows}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${controlClass} resize-y`}
        {...rest}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldErrorText id={id}>{error}</FieldErrorText>
    </div>
  )
}
