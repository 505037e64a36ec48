// /banner: the college's advertising banners, for its admins (`banners.manage`), read from the server
// (every banner, ended ones included): each with its picture, title, place, days and whether families
// see it today (by the college's today). Adding, editing and deleting happen here, online. A college
// that does not accept advertising keeps its banners, but families see none until it does.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Megaphone, Plus, WifiOff } from 'lucide-react'
import { useRef, useState } from 'react'
import type { Banner } from '#shared/banners.schema.ts'
import { userHasPermission } from '#shared/permissions.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf, isNetworkError } from '../../platform/api.ts'
import { collegeAtom } from '../../platform/college.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemote } from '../../platform/remote.ts'
import { userAtom } from '../../platform/session.ts'
import { toast } from '../../platform/toasts.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { deleteBanner } from './banner-actions.ts'
import { BannerCard } from './banner-card.tsx'
import { sortBanners } from './banner-choice.ts'
import { BannerFormDialog } from './banner-form-dialog.tsx'
import { useBannerFormat } from './banner-format.ts'

type Editing = { banner?: Banner } | undefined

export function BannersPage() {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const { advertising } = useAtomValue(collegeAtom)
  const today = todayIn(useCollegeZone())
  const format = useBannerFormat()
  const { confirm, dialog } = useConfirm()
  const list = useRemote<{ data: Banner[] }>('api/v1/banners')
  const [editing, setEditing] = useState<Editing>()
  const banners = list.data?.data ?? []
  // Read when a save answers, which may be after other changes to the list.
  const latest = useRef(banners)
  latest.current = banners

  const replace = (banner: Banner) => {
    const now = latest.current
    const known = now.some((b) => b.id === banner.id)
    latest.current = known ? now.map((b) => (b.id === banner.id ? banner : b)) : [banner, ...now]
    list.set({ data: latest.current })
  }
  const forget = (id: string) => {
    latest.current = latest.current.filter((b) => b.id !== id)
    list.set({ data: latest.current })
  }

  const remove = async (banner: Banner) => {
    const title = banner.title
    const ok = await confirm({
      title: t`Delete the banner "${title}"?`,
      body: t`Families stop seeing it, and its picture is deleted. This cannot be undone.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await deleteBanner(banner.id)
      forget(banner.id)
      toast(t`Banner deleted.`, 'success')
    } catch (error) {
      toast(
        isNetworkError(error)
          ? t`You are offline. Banners can be changed when there is a connection.`
          : (errorMessageOf(error) ?? t`Something went wrong. Please try again.`),
        'error',
      )
    }
  }

  const newButton = (variant: 'primary' | 'secondary') => (
    <AriaButton variant={variant} onPress={() => setEditing({})} isDisabled={!online}>
      <Plus aria-hidden="true" className="size-4" />
      <Trans>New banner</Trans>
    </AriaButton>
  )

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Banners`}
        description={t`Advertising pictures that the college's families see on the home page and at the top of the news feed, always labelled as advertising.`}
        actions={newButton('primary')}
      />
      {advertising !== true && (
        <div data-testid="banners-no-advertising">
          <FormAlert
            tone="warning"
            action={
              userHasPermission(user, 'college.manage') && (
                <TextLink to="/colleges/details" className="self-start font-medium">
                  <Trans>Open the college's details</Trans>
                </TextLink>
              )
            }
          >
            <Trans>
              This college does not accept advertising, so families do not see these banners. They show once
              an administrator turns advertising on in the college's details.
            </Trans>
          </FormAlert>
        </div>
      )}
      {!online && (
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="banners-offline">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <Trans>
              You are offline. What is on screen stays readable; adding, changing or deleting banners needs a
              connection.
            </Trans>
          </span>
        </p>
      )}
      <RemoteContent
        status={list.data ? 'ready' : list.status}
        error={list.error}
        onRetry={list.reload}
        loading={<SkeletonList label={t`Loading banners…`} />}
      >
        {banners.length > 0 ? (
          <ul aria-label={t`Banners`} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {sortBanners(banners, today).map((banner) => (
              <BannerCard
                key={banner.id}
                banner={banner}
                today={today}
                format={format}
                online={online}
                onEdit={() => setEditing({ banner })}
                onDelete={() => void remove(banner)}
              />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Megaphone} title={t`No banners yet`} action={newButton('secondary')}>
            <Trans>
              A banner is a wide picture with a title and, if you like, a link. Families see it on the home
              page or in the news feed, from its first day to its last.
            </Trans>
          </EmptyState>
        )}
      </RemoteContent>
      {editing && (
        <BannerFormDialog
          banner={editing.banner}
          onClose={() => setEditing(undefined)}
          onChange={replace}
          onGone={forget}
          onSaved={(saved) => {
            replace(saved)
            setEditing(undefined)
          }}
        />
      )}
      {dialog}
    </div>
  )
}
