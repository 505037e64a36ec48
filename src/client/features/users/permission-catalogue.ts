// The permissions a role can grant, as an administrator reads them when choosing: a name, what it
// allows, and the part of the app it belongs to.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Permission } from '#shared/permissions.ts'

export type PermissionInfo = { label: MessageDescriptor; description: MessageDescriptor }

export const PERMISSION_GROUPS: { title: MessageDescriptor; permissions: Permission[] }[] = [
  {
    title: msg`Communication`,
    permissions: [
      'posts.publish',
      'events.manage',
      'notifications.send',
      'documents.manage',
      'messages.send',
      'processes.manage',
    ],
  },
  { title: msg`Payments`, permissions: ['fees.view', 'fees.manage', 'payments.manage'] },
  {
    title: msg`Administration`,
    permissions: [
      'users.view',
      'users.manage',
      'roles.manage',
      'college.manage',
      'contacts.manage',
      'integrations.manage',
      'stats.view',
    ],
  },
  { title: msg`Local businesses`, permissions: ['banners.manage', 'pymes.manage', 'promotions.manage'] },
]

export const PERMISSION_INFO: Record<Exclude<Permission, 'platform.manage'>, PermissionInfo> = {
  'posts.publish': {
    label: msg`Publish news`,
    description: msg`Write, schedule and delete news posts and see who read them.`,
  },
  'events.manage': {
    label: msg`Manage events`,
    description: msg`Create and change the events of the calendar.`,
  },
  'notifications.send': {
    label: msg`Send notifications`,
    description: msg`Send notices, including emergency alerts, to families and staff.`,
  },
  'documents.manage': {
    label: msg`Manage documents`,
    description: msg`Upload documents and choose who can read them.`,
  },
  'messages.send': {
    label: msg`Send messages`,
    description: msg`Write to other people of the college in the messenger.`,
  },
  'processes.manage': {
    label: msg`Manage processes`,
    description: msg`Create processes such as internships and set the practice schedules of their courses.`,
  },
  'fees.view': { label: msg`See own fees`, description: msg`See the fees and payments of one’s own family.` },
  'fees.manage': { label: msg`Manage fees`, description: msg`Create fees and see what every family owes.` },
  'payments.manage': {
    label: msg`Manage payments`,
    description: msg`Record payments and refunds, and download receipts.`,
  },
  'users.view': {
    label: msg`See people`,
    description: msg`See the list of the college’s people and their details.`,
  },
  'users.manage': {
    label: msg`Manage people`,
    description: msg`Create, import, edit and deactivate accounts, and send password links.`,
  },
  'roles.manage': {
    label: msg`Manage roles`,
    description: msg`Create roles and choose what each one may do.`,
  },
  'college.manage': {
    label: msg`Manage the college`,
    description: msg`Change the college’s details, logo, colour, history and home page.`,
  },
  'contacts.manage': {
    label: msg`Answer contacts`,
    description: msg`Read and answer what visitors write through the home page.`,
  },
  'integrations.manage': {
    label: msg`Manage integrations`,
    description: msg`Set up the outgoing mail server and other connections.`,
  },
  'stats.view': {
    label: msg`See statistics`,
    description: msg`See how the app is used: readers, sign-ins and payments.`,
  },
  'banners.manage': {
    label: msg`Manage banners`,
    description: msg`Choose the advertising banners shown in the app.`,
  },
  'pymes.manage': {
    label: msg`Manage businesses`,
    description: msg`Publish and edit local businesses in the directory.`,
  },
  'promotions.manage': {
    label: msg`Manage promotions`,
    description: msg`Publish offers from local businesses.`,
  },
}
