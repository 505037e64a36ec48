// One promotion as its managers see it: picture, title, discount, days and whether families see it
// now (by the college's today), its description and conditions; edit and delete when allowed.
import { useLingui } from '@lingui/react/macro'
import { CalendarRange, Pencil, Trash2 } from 'lucide-react'
import type { Promotion } from '#shared/benefits.schema.ts'
import { Badge } from '../../ui/badge.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { promotionStatus } from './promotion-status.ts'
import { type PromotionFormat, STATUS_TONES } from './pyme-format.ts'

export function PromotionCard({
  promotion,
  today,
  format,
  manage,
}: {
  promotion: Promotion
  today: string
  format: PromotionFormat
  manage?: { online: boolean; onEdit: () => void; onDelete: () => void }
}) {
  const { t } = useLingui()
  const status = promotionStatus(promotion, today)
  const title = promotion.title
  return (
    <li
      className={`card flex flex-col overflow-hidden ${status === 'ended' ? 'opacity-80' : ''}`}
      data-testid="promotion"
    >
      {promotion.image_url && (
        <img src={promotion.image_url} alt="" loading="lazy" className="aspect-video w-full object-cover" />
      )}
      <div className="flex flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
              {promotion.title}
            </h3>
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">
                <bdi>{promotion.discount}</bdi>
              </Badge>
              <Badge tone={STATUS_TONES[status]}>{format.statusLabels[status]}</Badge>
            </p>
          </div>
          {manage && (
            <div className="-me-2 -mt-1 flex shrink-0">
              <IconButton
                label={t`Edit promotion: ${title}`}
                onPress={manage.onEdit}
                isDisabled={!manage.online}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                label={t`Delete promotion: ${title}`}
                onPress={manage.onDelete}
                isDisabled={!manage.online}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </IconButton>
            </div>
          )}
        </div>
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
          {format.range(promotion.starts_on, promotion.ends_on)}
        </p>
        {promotion.description && (
          <p dir="auto" className="text-sm break-words whitespace-pre-line">
            {promotion.description}
          </p>
        )}
        {promotion.conditions && (
          <p className="text-sm break-words text-muted">
            <span className="font-medium">{t`Conditions:`}</span>{' '}
            <span dir="auto" className="whitespace-pre-line">
              {promotion.conditions}
            </span>
          </p>
        )}
      </div>
    </li>
  )
}
