import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Permission } from '#shared/permissions.ts'

export type NavItem = { to: string; label: MessageDescriptor; icon: string; permission?: Permission }

/** The areas of the menu; an entry with a permission shows only to users who have it. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/app/home', label: msg`Home`, icon: '⌂' },
  { to: '/blog', label: msg`News`, icon: '▤' },
  { to: '/blog/articles', label: msg`Articles`, icon: '✎', permission: 'posts.publish' },
  { to: '/blog/gallery', label: msg`Gallery`, icon: '▣' },
  { to: '/app/profile', label: msg`Profile`, icon: '☺' },
]

export function visibleNavItems(permissions: readonly string[]): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.permission || permissions.includes(item.permission))
}
