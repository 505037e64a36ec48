import { createFileRoute } from '@tanstack/react-router'
import { RolesPage } from '../../features/users/roles-page.tsx'

export const Route = createFileRoute('/users/roles')({
  staticData: { permission: 'roles.manage' },
  component: RolesPage,
})
