// The areas of the app: one list for the side menu, the phone's bottom bar and the "More" page. An
// area with a permission shows only to users who have it; its routes declare the same permission.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  BadgePercent,
  Bell,
  Briefcase,
  Building2,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  FilePen,
  FolderOpen,
  House,
  Images,
  Inbox,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  Newspaper,
  Plug,
  Receipt,
  RectangleHorizontal,
  School,
  Store,
  Tags,
  Users,
  Wallet,
} from 'lucide-react'
import type { Permission } from '#shared/permissions.ts'

export type BadgeKey = 'notifications' | 'messages'

export type Area = {
  to: string
  label: MessageDescriptor
  icon: LucideIcon
  permission?: Permission
  /** Shown in the phone's bottom bar (the rest go under "More"). */
  primary?: boolean
  /** Users without a college (the platform owner) see only areas marked for the platform. */
  platform?: boolean
  badge?: BadgeKey
  /** Active only on this exact path (a parent of other areas). */
  exact?: boolean
  /** Listed under "Administration" in the menus. */
  admin?: boolean
  /** Only in colleges that accept advertising (`have_advertising`). */
  advertising?: boolean
}

export const AREAS: Area[] = [
  { to: '/app/home', label: msg`Home`, icon: House, primary: true, platform: true },
  {
    to: '/messenger',
    label: msg`Messages`,
    icon: MessageCircle,
    permission: 'messages.send',
    primary: true,
    badge: 'messages',
  },
  { to: '/notifications', label: msg`Notifications`, icon: Bell, primary: true, badge: 'notifications' },
  { to: '/blog', label: msg`News`, icon: Newspaper, primary: true, exact: true },
  { to: '/events', label: msg`Calendar`, icon: CalendarDays, primary: true },
  { to: '/blog/gallery', label: msg`Gallery`, icon: Images, primary: true },
  { to: '/documentos', label: msg`Documents`, icon: FolderOpen, primary: true },
  { to: '/payments', label: msg`Fees`, icon: Wallet, permission: 'fees.view', exact: true },
  { to: '/processes', label: msg`Processes`, icon: ClipboardList },
  { to: '/benefits', label: msg`Benefits`, icon: BadgePercent, advertising: true },
  { to: '/blog/articles', label: msg`Articles`, icon: FilePen, permission: 'posts.publish', primary: true },
  {
    to: '/college-notifications',
    label: msg`Send notifications`,
    icon: Megaphone,
    permission: 'notifications.send',
    admin: true,
  },
  {
    to: '/payments/fees',
    label: msg`School fees`,
    icon: Wallet,
    permission: 'fees.manage',
    admin: true,
  },
  {
    to: '/payments/payments',
    label: msg`Payments`,
    icon: Receipt,
    permission: 'payments.manage',
    admin: true,
  },
  {
    to: '/statistics',
    label: msg`Statistics`,
    icon: ChartColumn,
    permission: 'stats.view',
    admin: true,
  },
  { to: '/users', label: msg`People`, icon: Users, permission: 'users.view', admin: true },
  { to: '/college', label: msg`College`, icon: School, permission: 'college.manage', admin: true },
  { to: '/pymes', label: msg`Businesses`, icon: Store, permission: 'pymes.manage', admin: true },
  {
    to: '/pyme-category',
    label: msg`Business categories`,
    icon: Tags,
    permission: 'college.manage',
    admin: true,
  },
  { to: '/company', label: msg`Companies`, icon: Briefcase, permission: 'college.manage', admin: true },
  {
    to: '/banner',
    label: msg`Banners`,
    icon: RectangleHorizontal,
    permission: 'banners.manage',
    admin: true,
  },
  { to: '/admin/contacts', label: msg`Contacts`, icon: Inbox, permission: 'contacts.manage', admin: true },
  {
    to: '/admin/integrations',
    label: msg`Integrations`,
    icon: Plug,
    permission: 'integrations.manage',
    admin: true,
  },
  {
    to: '/platform/colleges',
    label: msg`Colleges`,
    icon: Building2,
    permission: 'platform.manage',
    platform: true,
    admin: true,
  },
  {
    to: '/banners/colleges',
    label: msg`Banners by college`,
    icon: RectangleHorizontal,
    permission: 'platform.manage',
    platform: true,
    admin: true,
  },
]

type Viewer = { permissions: readonly string[]; college_id: number | null } | undefined

/** The areas this user may open; those of advertising only where the college accepts it. */
export function visibleAreas(user: Viewer, advertising: boolean): Area[] {
  if (!user) return []
  return AREAS.filter(
    (area) =>
      (!area.permission || user.permissions.includes(area.permission)) &&
      (user.college_id !== null || area.platform) &&
      (!area.advertising || advertising),
  )
}

/** The areas in the menus' two parts: everyone's, then "Administration". */
export function areaGroups(areas: Area[]): { main: Area[]; admin: Area[] } {
  return { main: areas.filter((a) => !a.admin), admin: areas.filter((a) => a.admin) }
}

/** The phone's bottom bar holds five places at most: four areas and "More" when there are others. */
export const BOTTOM_BAR_SLOTS = 5

export function bottomBarAreas(areas: Area[]): { shown: Area[]; more: boolean } {
  const primary = areas.filter((a) => a.primary)
  if (areas.length <= BOTTOM_BAR_SLOTS && primary.length === areas.length)
    return { shown: areas, more: false }
  return { shown: primary.slice(0, BOTTOM_BAR_SLOTS - 1), more: true }
}
