import { createFileRoute, redirect } from '@tanstack/react-router'
import { PublicHome } from '../features/home/public-home.tsx'
import { loggedInAtom } from '../platform/session.ts'
import { store } from '../platform/store.ts'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (store.get(loggedInAtom)) throw redirect({ to: '/app' })
  },
  component: PublicHome,
})
