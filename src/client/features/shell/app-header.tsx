import { Link } from '@tanstack/react-router'
import { CollegeMark } from '../../ui/college-mark.tsx'
import { OutboxBadge } from '../outbox/outbox-badge.tsx'
import { AccountButton } from './account-button.tsx'

/** One row on every width: the college (on phones), what waits to be sent, and the account menu. */
export function AppHeader() {
  return (
    <header
      data-testid="app-header"
      className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-4 dark:border-slate-800 dark:bg-slate-900/95"
    >
      <Link to="/app" className="min-w-0 md:hidden">
        <CollegeMark size="sm" />
      </Link>
      <div className="ms-auto flex shrink-0 items-center gap-2">
        <OutboxBadge />
        <AccountButton />
      </div>
    </header>
  )
}
