// One banner as the admins see it: its picture as families see it, its title, where and when it
// shows and whether it shows now (by the college's today), its link; edit and delete.
import { useLingui } from '@lingui/react/macro'
import { CalendarRange, ExternalLink, House, Newspaper, Pencil, Trash2 } from 'lucide-react'
import type { Banner } from '#shared/banners.schema.ts'
import { Badge } from '../../ui/badge.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { bannerStatus } from './banner-choice.ts'
import { type BannerFormat, STATUS_TONES } from './banner-format.ts'

export function BannerCard({
  banner,
  today,
  format,
  online,
  onEdit,
  onDelete,
}: {
  banner: Banner
  today: string
  format: BannerFormat
  online: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useLingui()
  const status = bannerStatus(banner, today)
  const title = banner.title
  const PlaceIcon = banner.placement === 'feed' ? Newspaper : House
  return (
    <li
      className={`card flex min-w-0 flex-col overflow-hidden ${status === 'ended' ? 'opacity-80' : ''}`}
      data-testid="banner"
    >
      <div className="aspect-[3/1] w-full bg-slate-100 dark:bg-slate-800">
        <img
          src={banner.image_url}
          alt=""
          loading="lazy"
          width={1200}
          height={400}
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
              {banner.title}
            </h3>
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS_TONES[status]}>{format.statusLabels[status]}</Badge>
              <Badge icon={<PlaceIcon aria-hidden="true" className="size-3 shrink-0" />}>
                {format.placementLabels[banner.placement]}
              </Badge>
            </p>
          </div>
          <div className="-me-2 -mt-1 flex shrink-0">
            <IconButton label={t`Edit banner: ${title}`} onPress={onEdit} isDisabled={!online}>
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
            <IconButton label={t`Delete banner: ${title}`} onPress={onDelete} isDisabled={!online}>
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          </div>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
          <span>{format.range(banner.starts_on, banner.ends_on)}</span>
        </p>
        {banner.link ? (
          <p className="flex min-w-0 items-center gap-2 text-sm">
            <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <a
              href={banner.link}
              target="_blank"
              rel="noopener noreferrer"
              dir="ltr"
              className="link min-w-0 truncate"
              title={banner.link}
            >
              {banner.link}
            </a>
          </p>
        ) : (
          <p className="text-sm text-muted">{t`No link`}</p>
        )}
      </div>
    </li>
  )
}
