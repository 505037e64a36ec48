import { createFileRoute } from '@tanstack/react-router'
import { UserImport } from '../../features/users/user-import.tsx'

export const Route = createFileRoute('/users/import')({
  staticData: { permission: 'users.manage' },
  component: UserImport,
})
