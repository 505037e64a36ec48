import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { type AlertTone, alertClass, alertToneClass } from './field-classes.ts'

const icons: Record<AlertTone, typeof Info> = {
  error: CircleAlert,
  success: CircleCheck,
  warning: TriangleAlert,
  info: Info,
}

/** A message about a whole form or screen: what went wrong, that it worked, or what to know. */
export function FormAlert({
  tone = 'error',
  children,
  action,
}: {
  tone?: AlertTone
  children: ReactNode
  action?: ReactNode
}) {
  if (!children) return null
  const Icon = icons[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${alertClass} ${alertToneClass[tone]}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>{children}</div>
        {action}
      </div>
    </div>
  )
}
