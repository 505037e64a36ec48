// What families read about a business in Benefits, as its managers check it: description, where it
// is, when it opens and how to reach it. Links open outside the app (the server only takes https).
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { type Pyme, whatsappDigits } from '#shared/benefits.schema.ts'

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" dir="ltr" className="link break-all">
      {children}
    </a>
  )
}

export function PymeDetails({ pyme }: { pyme: Pyme }) {
  const { t } = useLingui()
  const whatsapp = whatsappDigits(pyme.whatsapp)
  const place = [pyme.address, pyme.commune].filter(Boolean).join(', ')
  const details: { term: string; value: ReactNode }[] = [
    { term: t`Address`, value: place && <span dir="auto">{place}</span> },
    {
      term: t`Opening hours`,
      value: pyme.hours && (
        <span dir="auto" className="whitespace-pre-line">
          {pyme.hours}
        </span>
      ),
    },
    {
      term: t`Phone`,
      value: pyme.phone && (
        <a href={`tel:${pyme.phone.replace(/[^\d+]/g, '')}`} dir="ltr" className="link">
          {pyme.phone}
        </a>
      ),
    },
    {
      term: 'WhatsApp',
      value: whatsapp && <External href={`https://wa.me/${whatsapp}`}>+{whatsapp}</External>,
    },
    { term: t`Website`, value: pyme.website && <External href={pyme.website}>{pyme.website}</External> },
    {
      term: 'Instagram',
      value: pyme.instagram && <External href={pyme.instagram}>{pyme.instagram}</External>,
    },
    { term: 'Facebook', value: pyme.facebook && <External href={pyme.facebook}>{pyme.facebook}</External> },
  ].filter((d) => d.value)
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {pyme.description ? (
        <p dir="auto" className="break-words whitespace-pre-line">
          {pyme.description}
        </p>
      ) : (
        <p className="text-muted">{t`No description yet.`}</p>
      )}
      {details.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1.5">
          {details.map((d) => (
            <div key={d.term} className="flex min-w-0 flex-col sm:contents">
              <dt className="text-muted">{d.term}</dt>
              <dd className="min-w-0 break-words">{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted">{t`No contact details yet: families will not know how to reach it.`}</p>
      )}
    </div>
  )
}
