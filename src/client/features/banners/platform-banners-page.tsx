// /banners/colleges (platform owner, `platform.manage`): every college, whether it accepts advertising,
// and the banners it has not finished showing (title, place, days, showing or scheduled), read from the
// server. The pictures are not shown: each college serves them only on its own address. One banner can
// be placed in several colleges that accept advertising at once (online only).
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Building2, CalendarRange, House, Newspaper, Plus, WifiOff } from 'lucide-react'
import { useState } from 'react'
import type { Banner, CollegeBanners } from '#shared/banners.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { onlineAtom } from '../../platform/online.ts'
import { useRemote } from '../../platform/remote.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { type BannerStatus, sortBanners } from './banner-choice.ts'
import { type BannerFormat, STATUS_TONES, useBannerFormat } from './banner-format.ts'
import { PlatformBannerDialog } from './platform-banner-dialog.tsx'

/**
 * Showing or scheduled: the server lists only banners that have not ended in their college, whose own
 * calendar may be a day apart from the one used here, so a banner is never called ended.
 */
function statusOf(banner: Banner, today: string): BannerStatus {
  return today < banner.starts_on ? 'scheduled' : 'showing'
}

export function PlatformBannersPage() {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const format = useBannerFormat()
  const list = useRemote<{ data: CollegeBanners[] }>('api/v1/platform/banners')
  const [creating, setCreating] = useState(false)
  const colleges = list.data?.data ?? []
  const advertising = colleges.filter((c) => c.have_advertising).length

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`Banners by college`}
        description={t`Banners show only in colleges that accept advertising, from their first day to their last, always labelled as advertising. Each college's administrators turn advertising on or off in its details.`}
        actions={
          <AriaButton
            onPress={() => setCreating(true)}
            isDisabled={!online || !list.data || advertising === 0}
          >
            <Plus aria-hidden="true" className="size-4" />
            <Trans>New banner for several colleges</Trans>
          </AriaButton>
        }
      />
      {!online && list.data && (
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="platform-banners-offline">
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <Trans>
              You are offline. What is on screen stays readable; placing a banner needs a connection.
            </Trans>
          </span>
        </p>
      )}
      <RemoteContent
        status={list.data ? 'ready' : list.status}
        error={list.error}
        onRetry={list.reload}
        loading={<SkeletonList label={t`Loading colleges…`} />}
      >
        {colleges.length === 0 ? (
          <EmptyState icon={Building2} title={t`No colleges yet`}>
            <Trans>Once the platform serves a college, its banners appear here.</Trans>
          </EmptyState>
        ) : (
          <>
            {advertising === 0 && (
              <p className="text-sm text-muted" data-testid="platform-banners-no-advertising">
                <Trans>
                  No college accepts advertising yet, so there is nowhere to place a banner. A college's
                  administrators turn it on in the college's details.
                </Trans>
              </p>
            )}
            <ul aria-label={t`Colleges`} className="flex flex-col gap-4">
              {colleges.map((college) => (
                <CollegeItem key={college.id} college={college} today={today} format={format} />
              ))}
            </ul>
          </>
        )}
      </RemoteContent>
      {creating && list.data && (
        <PlatformBannerDialog
          colleges={colleges}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false)
            list.reload()
          }}
        />
      )}
    </div>
  )
}

function CollegeItem({
  college,
  today,
  format,
}: {
  college: CollegeBanners
  today: string
  format: BannerFormat
}) {
  const { t } = useLingui()
  const name = college.name
  const count = college.banners.length
  return (
    <li className="card flex min-w-0 flex-col gap-3 p-4" data-testid="platform-banners-college">
      <div className="flex flex-wrap items-center gap-2">
        <h2 dir="auto" className="min-w-0 text-lg font-semibold break-words text-slate-900 dark:text-white">
          {name}
        </h2>
        {college.have_advertising ? (
          <Badge tone="success">{t`Advertising on`}</Badge>
        ) : (
          <Badge tone="neutral">{t`Advertising off`}</Badge>
        )}
        {count > 0 && (
          <span className="ms-auto text-sm text-muted">
            {plural(count, { one: '# banner', other: '# banners' })}
          </span>
        )}
      </div>
      {count === 0 ? (
        <p className="text-sm text-muted">{t`No banners`}</p>
      ) : (
        <>
          {!college.have_advertising && (
            <p className="text-sm text-muted">
              {t`This college does not accept advertising, so its families do not see these banners.`}
            </p>
          )}
          <ul
            aria-label={t`Banners of ${name}`}
            className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
          >
            {sortBanners(college.banners, today).map((banner) => (
              <BannerRow key={banner.id} banner={banner} today={today} format={format} />
            ))}
          </ul>
        </>
      )}
    </li>
  )
}

function BannerRow({ banner, today, format }: { banner: Banner; today: string; format: BannerFormat }) {
  const status = statusOf(banner, today)
  const PlaceIcon = banner.placement === 'feed' ? Newspaper : House
  return (
    <li className="flex min-w-0 flex-col gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="platform-banner">
      <p dir="auto" className="font-medium break-words text-slate-900 dark:text-white">
        {banner.title}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <Badge tone={STATUS_TONES[status]}>{format.statusLabels[status]}</Badge>
        <Badge icon={<PlaceIcon aria-hidden="true" className="size-3 shrink-0" />}>
          {format.placementLabels[banner.placement]}
        </Badge>
        <span className="inline-flex items-center gap-1.5">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
          {format.range(banner.starts_on, banner.ends_on)}
        </span>
      </p>
    </li>
  )
}
