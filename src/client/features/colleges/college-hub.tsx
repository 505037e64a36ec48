// /college: the college's own settings in one place, each a screen of its own.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import {
  BookOpenText,
  ChevronRight,
  GalleryHorizontal,
  Inbox,
  type LucideIcon,
  Phone,
  Plug,
  Share2,
  SlidersHorizontal,
  UsersRound,
} from 'lucide-react'
import type { Permission } from '#shared/permissions.ts'
import { collegeAtom } from '../../platform/college.ts'
import { userAtom } from '../../platform/session.ts'
import { PageHeader } from '../../ui/page-header.tsx'

type Part = {
  to: string
  icon: LucideIcon
  title: MessageDescriptor
  text: MessageDescriptor
  permission: Permission
}

const PARTS: Part[] = [
  {
    to: '/colleges/details',
    icon: SlidersHorizontal,
    title: msg`Details`,
    text: msg`Name, address, logo, pictures, colour, language and time zone.`,
    permission: 'college.manage',
  },
  {
    to: '/colleges/history',
    icon: BookOpenText,
    title: msg`History`,
    text: msg`The college’s story, shown on the home page.`,
    permission: 'college.manage',
  },
  {
    to: '/colleges/managers',
    icon: UsersRound,
    title: msg`Managers`,
    text: msg`The directory of the management team.`,
    permission: 'college.manage',
  },
  {
    to: '/colleges/slider',
    icon: GalleryHorizontal,
    title: msg`Slider`,
    text: msg`The pictures that turn at the top of the home page.`,
    permission: 'college.manage',
  },
  {
    to: '/colleges/social',
    icon: Share2,
    title: msg`Social networks`,
    text: msg`Links to the website and social networks.`,
    permission: 'college.manage',
  },
  {
    to: '/colleges/contact',
    icon: Phone,
    title: msg`Contact information`,
    text: msg`Whom visitors without an account should ask.`,
    permission: 'college.manage',
  },
  {
    to: '/admin/contacts',
    icon: Inbox,
    title: msg`Contact inbox`,
    text: msg`What visitors wrote through the home page.`,
    permission: 'contacts.manage',
  },
  {
    to: '/admin/integrations',
    icon: Plug,
    title: msg`Integrations`,
    text: msg`The mail server the college sends its mail through.`,
    permission: 'integrations.manage',
  },
]

export function CollegeHub() {
  const { t, i18n } = useLingui()
  const college = useAtomValue(collegeAtom)
  const user = useAtomValue(userAtom)
  const parts = PARTS.filter((p) => user?.permissions.includes(p.permission))
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <img src={college.logo} alt="" className="size-12 rounded-2xl object-cover" />
            <span dir="auto">{college.name}</span>
          </span>
        }
        description={t`What families see of the college, and how the app looks and writes to them.`}
      />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {parts.map((part) => (
          <li key={part.to}>
            <Link
              to={part.to}
              className="card flex h-full items-center gap-4 p-4 transition-colors hover:bg-slate-50 dark:hover:bg-slate-800/60"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-ink">
                <part.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold">{i18n._(part.title)}</span>
                <span className="text-sm text-muted">{i18n._(part.text)}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-muted rtl:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
