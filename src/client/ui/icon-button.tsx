import type { ReactNode } from 'react'
import type { ButtonProps } from 'react-aria-components'
import { AriaIconButton } from './aria-button.tsx'
import type { ButtonSize, ButtonVariant } from './button-styles.ts'
import { Tooltip, type TooltipPlacement } from './tooltip.tsx'

/** An icon button whose label shows as a tooltip on hover and focus, and is its accessible name. */
export function IconButton({
  label,
  children,
  tooltip = 'top',
  variant,
  size,
  ...rest
}: Omit<ButtonProps, 'children' | 'className'> & {
  label: string
  children: ReactNode
  tooltip?: TooltipPlacement
  variant?: ButtonVariant
  size?: ButtonSize
}) {
  return (
    <Tooltip text={label} placement={tooltip}>
      <AriaIconButton label={label} variant={variant} size={size} {...rest}>
        {children}
      </AriaIconButton>
    </Tooltip>
  )
}
