import { createFileRoute } from '@tanstack/react-router'
import { UserCreate } from '../../features/users/user-create.tsx'

export const Route = createFileRoute('/users/new')({
  staticData: { permission: 'users.manage' },
  component: UserCreate,
})
