import { createFileRoute, Outlet } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/contacts')({
  staticData: { permission: 'contacts.manage' },
  component: Outlet,
})
