import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../../features/shell/app-layout.tsx'
import { loggedInAtom } from '../../platform/session.ts'
import { store } from '../../platform/store.ts'

export const Route = createFileRoute('/app')({
  beforeLoad: ({ location }) => {
    if (!store.get(loggedInAtom)) throw redirect({ to: '/auth/login', search: { redirect: location.href } })
  },
  component: AppLayout,
})
