// The account button in the header. Its menu (React Aria) and the sign-out dialog load on first use,
// so the shell every screen carries stays light.
import { useAtomValue } from 'jotai'
import { ChevronDown } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { userAtom } from '../../platform/session.ts'
import { Avatar } from '../../ui/avatar.tsx'

const loadMenu = () => import('./account-menu.tsx')
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })))
const SignOutDialog = lazy(() =>
  import('../outbox/sign-out-dialog.tsx').then((m) => ({ default: m.SignOutDialog })),
)

export function AccountButton() {
  const user = useAtomValue(userAtom)
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const name = user ? `${user.name} ${user.first_lastname}`.trim() : ''
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="account-button"
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setOpen(true)
          }
        }}
        className="flex min-h-11 items-center gap-1.5 rounded-full p-1 pe-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <Avatar name={name || '?'} src={user?.avatar_url} size="sm" />
        <span
          data-testid="user-name"
          className="sr-only max-w-40 truncate text-sm font-medium lg:not-sr-only"
          dir="auto"
        >
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </button>
      <Suspense>
        {open && (
          <AccountMenu
            triggerRef={trigger}
            onClose={() => setOpen(false)}
            onSignOut={() => {
              setOpen(false)
              setSigningOut(true)
            }}
          />
        )}
        {signingOut && <SignOutDialog onClose={() => setSigningOut(false)} />}
      </Suspense>
    </>
  )
}
