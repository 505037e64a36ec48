import type { ButtonHTMLAttributes } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-styles.ts'
import { Spinner } from './spinner.tsx'

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Work is running: the button shows a spinner and cannot be pressed twice. */
  busy?: boolean
}

/** A native button: light enough for the sign-in page, which loads no React Aria code. */
export function Button({
  variant = 'primary',
  size = 'md',
  busy,
  className = '',
  disabled,
  children,
  ...rest
}: Props) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, size, className)}
    >
      {busy && <Spinner />}
      {children}
    </button>
  )
}
