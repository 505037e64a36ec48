// One look for every button, whether it is a native <button>, a link, or a React Aria trigger.

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md'

// A button is as wide as its words on one line, but never wider than its container: there (a whole
// phrase in German or French on a small phone) its words wrap, centred.
const base =
  'inline-flex max-w-full shrink-0 items-center justify-center gap-2 rounded-xl text-center font-medium transition-colors select-none disabled:cursor-not-allowed disabled:opacity-55 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-55 outline-offset-2'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand shadow-sm hover:brightness-110 active:brightness-95',
  secondary:
    'bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1 text-sm',
  md: 'min-h-11 px-4 py-1 text-base',
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim()
}

/** Square buttons that hold only an icon keep the 44 px touch target (36 px when small). */
export function iconButtonClass(
  variant: ButtonVariant = 'ghost',
  size: ButtonSize = 'md',
  extra = '',
): string {
  const square = size === 'sm' ? 'size-9' : 'size-11'
  return `${base} ${variants[variant]} ${square} ${extra}`.trim()
}
