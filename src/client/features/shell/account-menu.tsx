import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { CloudUpload, Languages, LogOut, SunMoon, UserRound } from 'lucide-react'
import type { RefObject } from 'react'
import { Header } from 'react-aria-components'
import { LOCALES, type Locale, THEMES, type Theme } from '#shared/constants.ts'
import { chooseLocale, LOCALE_NAMES, localeAtom } from '../../platform/i18n.ts'
import { userAtom } from '../../platform/session.ts'
import { setTheme, themeAtom } from '../../platform/theme.ts'
import { Menu, MenuItem, MenuPopover, MenuSection, MenuSeparator, SubmenuTrigger } from '../../ui/menu.tsx'

/** Profile, language, theme, the outbox and signing out: everything about "me" in one place. */
export function AccountMenu({
  triggerRef,
  onClose,
  onSignOut,
}: {
  triggerRef: RefObject<HTMLElement | null>
  onClose: () => void
  onSignOut: () => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const locale = useAtomValue(localeAtom)
  const theme = useAtomValue(themeAtom)
  const themeNames: Record<Theme, string> = { light: t`Light`, dark: t`Dark`, auto: t`Automatic` }
  return (
    <MenuPopover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      placement="bottom end"
      aria-label={t`Account`}
    >
      <Menu
        aria-label={t`Account`}
        autoFocus="first"
        onAction={(key) => {
          if (key === 'profile') void navigate({ to: '/app/profile' })
          if (key === 'outbox') void navigate({ to: '/app/outbox' })
          if (key === 'sign-out') return onSignOut()
          onClose()
        }}
      >
        <MenuSection>
          <Header className="flex flex-col px-3 py-2">
            <span dir="auto" className="truncate font-semibold">
              {user ? `${user.name} ${user.first_lastname}`.trim() : ''}
            </span>
            <span className="truncate text-sm text-muted">{user?.email}</span>
          </Header>
          <MenuItem id="profile" icon={<UserRound aria-hidden="true" />}>
            {t`Profile`}
          </MenuItem>
          <MenuItem id="outbox" icon={<CloudUpload aria-hidden="true" />}>
            {t`Waiting to send`}
          </MenuItem>
        </MenuSection>
        <MenuSeparator />
        <SubmenuTrigger>
          <MenuItem id="language" icon={<Languages aria-hidden="true" />}>
            {t`Language`}
          </MenuItem>
          <MenuPopover>
            <Menu
              aria-label={t`Language`}
              selectionMode="single"
              selectedKeys={[locale]}
              onAction={(key) => {
                void chooseLocale(key as Locale)
                onClose()
              }}
            >
              {LOCALES.map((code) => (
                <MenuItem key={code} id={code} lang={code}>
                  {LOCALE_NAMES[code]}
                </MenuItem>
              ))}
            </Menu>
          </MenuPopover>
        </SubmenuTrigger>
        <SubmenuTrigger>
          <MenuItem id="theme" icon={<SunMoon aria-hidden="true" />}>
            {t`Theme`}
          </MenuItem>
          <MenuPopover>
            <Menu
              aria-label={t`Theme`}
              selectionMode="single"
              selectedKeys={[theme]}
              onAction={(key) => {
                setTheme(key as Theme)
                onClose()
              }}
            >
              {THEMES.map((value) => (
                <MenuItem key={value} id={value}>
                  {themeNames[value]}
                </MenuItem>
              ))}
            </Menu>
          </MenuPopover>
        </SubmenuTrigger>
        <MenuSeparator />
        <MenuItem id="sign-out" icon={<LogOut aria-hidden="true" />} danger>
          {t`Sign out`}
        </MenuItem>
      </Menu>
    </MenuPopover>
  )
}
