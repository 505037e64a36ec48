import { Button, type ButtonProps } from 'react-aria-components'
import { type ButtonSize, type ButtonVariant, buttonClass, iconButtonClass } from './button-styles.ts'
import { Spinner } from './spinner.tsx'

type Props = Omit<ButtonProps, 'className' | 'children'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  children?: React.ReactNode
}

/**
 * The React Aria button, styled like every other button: use it where a React Aria widget needs a
 * trigger (menus, dialogs, popovers, tooltips). Elsewhere the light native Button is enough.
 */
export function AriaButton({
  variant = 'primary',
  size = 'md',
  className = '',
  isPending,
  children,
  ...rest
}: Props) {
  return (
    <Button {...rest} isPending={isPending} className={buttonClass(variant, size, className)}>
      {isPending && <Spinner />}
      {children}
    </Button>
  )
}

type IconProps = Omit<Props, 'children'> & { label: string; children: React.ReactNode }

/** An icon-only button: its label is its accessible name (add a Tooltip around it to show it). */
export function AriaIconButton({
  variant = 'ghost',
  size = 'md',
  className = '',
  label,
  children,
  ...rest
}: IconProps) {
  return (
    <Button {...rest} aria-label={label} className={iconButtonClass(variant, size, className)}>
      {children}
    </Button>
  )
}
