import { useRouterState } from '@tanstack/react-router'

/** A thin bar at the top while a navigation is pending. */
export function ProgressBar() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading })
  return (
    <div
      aria-hidden="true"
      data-testid="progress-bar"
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand transition-transform duration-300 rtl:origin-right ${
        pending ? 'scale-x-75' : 'scale-x-0'
      }`}
    />
  )
}
