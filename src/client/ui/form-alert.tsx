import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

const tones = {
  error: {
    box: 'bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900',
    Icon: CircleAlert,
  },
  success: {
    box: 'bg-emerald-50 text-emerald-950 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-900',
    Icon: CircleCheck,
  },
  warning: {
    box: 'bg-amber-50 text-amber-950 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900',
    Icon: TriangleAlert,
  },
  info: {
    box: 'bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900',
    Icon: Info,
  },
}

/** A message about a whole form or screen: what went wrong, that it worked, or what to know. */
export function FormAlert({
  tone = 'error',
  children,
  action,
}: {
  tone?: keyof typeof tones
  children: ReactNode
  action?: ReactNode
}) {
  if (!children) return null
  const { box, Icon } = tones[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-xl p-3 ring-1 ring-inset ${box}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>{children}</div>
        {action}
      </div>
    </div>
  )
}
