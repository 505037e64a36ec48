import type { ReactNode } from 'react'
import { Tooltip as AriaTooltip, OverlayArrow, TooltipTrigger } from 'react-aria-components'

export type TooltipPlacement = 'top' | 'bottom' | 'start' | 'end'
export type TooltipColor = 'dark' | 'light' | 'brand' | 'danger'

const colors: Record<TooltipColor, string> = {
  dark: 'bg-slate-900 text-white fill-slate-900 dark:bg-slate-700 dark:fill-slate-700',
  light: 'bg-white text-slate-900 fill-white ring-1 ring-slate-300',
  brand: 'bg-brand text-on-brand fill-brand',
  danger: 'bg-red-700 text-white fill-red-700',
}

/**
 * A hint on hover and keyboard focus (spec: position and colour options). The child must be a
 * React Aria focusable (our AriaButton, IconButton or a Focusable wrapper), which receives the hint
 * as its description.
 */
export function Tooltip({
  text,
  placement = 'top',
  color = 'dark',
  children,
}: {
  text: string
  placement?: TooltipPlacement
  color?: TooltipColor
  children: ReactNode
}) {
  return (
    <TooltipTrigger delay={400} closeDelay={100}>
      {children}
      <AriaTooltip
        placement={placement}
        offset={8}
        className={`z-50 max-w-64 rounded-lg px-2.5 py-1.5 text-sm shadow-lg ${colors[color]}`}
      >
        <OverlayArrow>
          <svg
            aria-hidden="true"
            width={8}
            height={8}
            viewBox="0 0 8 8"
            className="[[data-placement=bottom]_&]:rotate-180 [[data-placement=left]_&]:-rotate-90 [[data-placement=right]_&]:rotate-90"
          >
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {text}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
