// A business's details, over the directory: what it is, where and when it opens, every offer on today
// with its conditions and last day, the offers that start later, and how to reach it.
import { Trans, useLingui } from '@lingui/react/macro'
import { CalendarClock, Clock, MapPin } from 'lucide-react'
import type { Promotion, Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import { Badge } from '../../ui/badge.tsx'
import { CategoryIcon } from '../../ui/category-icon.ts'
import { Dialog } from '../../ui/dialog.tsx'
import { BenefitPhoto } from './benefit-photo.tsx'
import { currentPromotions, upcomingPromotions } from './benefit-queries.ts'
import { PymeContacts } from './pyme-contacts.tsx'

function mapLink(place: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`
}

function useDay() {
  const { i18n } = useLingui()
  // Days are the college's calendar days: formatted in UTC, where they never shift.
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`))
}

export function PymeDetails({
  pyme,
  category,
  today,
  onClose,
  onContact,
}: {
  pyme: Pyme
  category: PymeCategory | undefined
  today: string
  onClose: () => void
  /** Someone pressed Call, WhatsApp, a link or the map. */
  onContact: () => void
}) {
  const { t } = useLingui()
  const day = useDay()
  const offers = currentPromotions(pyme, today)
  const upcoming = upcomingPromotions(pyme, today)
  const place = [pyme.address, pyme.commune].filter(Boolean).join(', ')
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={pyme.name}
      closeLabel={t`Close`}
      description={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {category && (
            <span className="flex items-center gap-1.5">
              <CategoryIcon icon={category.icon} className="size-4 shrink-0" />
              <span dir="auto">{category.name}</span>
            </span>
          )}
          {pyme.commune && <span dir="auto">{pyme.commune}</span>}
        </span>
      }
    >
      <div className="flex flex-col gap-5" data-testid="benefit-details">
        {pyme.photo_url && (
          <BenefitPhoto
            src={pyme.photo_url}
            icon={category?.icon ?? 'store'}
            className="aspect-[16/9] w-full rounded-2xl"
          />
        )}
        {pyme.description && (
          <p dir="auto" className="break-words whitespace-pre-line">
            {pyme.description}
          </p>
        )}
        {offers.length > 0 && (
          <section aria-labelledby="benefit-offers" className="flex flex-col gap-2">
            <h3 id="benefit-offers" className="font-semibold text-slate-900 dark:text-white">
              <Trans>Offers</Trans>
            </h3>
            <ul className="flex flex-col gap-2">
              {offers.map((p) => {
                const last = day(p.ends_on)
                return (
                  <Offer key={p.id} promotion={p}>
                    <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                    {p.ends_on === today ? t`Last day: today` : t`Last day: ${last}`}
                  </Offer>
                )
              })}
            </ul>
          </section>
        )}
        {upcoming.length > 0 && (
          <section aria-labelledby="benefit-upcoming" className="flex flex-col gap-2">
            <h3 id="benefit-upcoming" className="font-semibold text-slate-900 dark:text-white">
              <Trans>Coming soon</Trans>
            </h3>
            <ul className="flex flex-col gap-2">
              {upcoming.map((p) => {
                const first = day(p.starts_on)
                const last = day(p.ends_on)
                return (
                  <Offer key={p.id} promotion={p} tone="info">
                    <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                    {t`From ${first} to ${last}`}
                  </Offer>
                )
              })}
            </ul>
          </section>
        )}
        {(place || pyme.hours) && (
          <dl className="flex flex-col gap-3">
            {place && (
              <div className="flex items-start gap-2">
                <dt>
                  <MapPin aria-hidden="true" className="mt-0.5 size-5 text-muted" />
                  <span className="sr-only">
                    <Trans>Address</Trans>
                  </span>
                </dt>
                <dd dir="auto" className="min-w-0 break-words">
                  <a
                    className="link"
                    href={mapLink(place)}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={onContact}
                  >
                    {place}
                  </a>
                </dd>
              </div>
            )}
            {pyme.hours && (
              <div className="flex items-start gap-2">
                <dt>
                  <Clock aria-hidden="true" className="mt-0.5 size-5 text-muted" />
                  <span className="sr-only">
                    <Trans>Opening hours</Trans>
                  </span>
                </dt>
                <dd dir="auto" className="min-w-0 break-words whitespace-pre-line">
                  {pyme.hours}
                </dd>
              </div>
            )}
          </dl>
        )}
        <PymeContacts pyme={pyme} onPress={onContact} />
        <p className="text-xs text-muted">
          <Trans>Advertising. The college does not endorse this business or its offers.</Trans>
        </p>
      </div>
    </Dialog>
  )
}

function Offer({
  promotion,
  tone = 'success',
  children,
}: {
  promotion: Promotion
  tone?: 'success' | 'info'
  /** When it ends, or when it starts. */
  children: React.ReactNode
}) {
  return (
    <li
      className="flex flex-col gap-1.5 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:ring-slate-700"
      data-testid="benefit-offer"
    >
      <div className="flex items-start gap-2">
        <Badge tone={tone} className="max-w-[45%] shrink-0">
          <span dir="auto">{promotion.discount}</span>
        </Badge>
        <h4 dir="auto" className="min-w-0 font-semibold break-words">
          {promotion.title}
        </h4>
      </div>
      {promotion.description && (
        <p dir="auto" className="text-sm break-words whitespace-pre-line">
          {promotion.description}
        </p>
      )}
      {promotion.conditions && (
        <p className="text-sm text-muted">
          <span className="font-medium">
            <Trans>Conditions:</Trans>
          </span>{' '}
          <span dir="auto" className="break-words whitespace-pre-line">
            {promotion.conditions}
          </span>
        </p>
      )}
      <p className="flex items-center gap-1.5 text-sm text-muted">{children}</p>
    </li>
  )
}
