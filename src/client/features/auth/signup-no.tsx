import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Mail, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { CollegePublic } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'

function MailLink({ address }: { address: string }) {
  return (
    <a className="link inline-flex max-w-full items-center gap-1.5" href={`mailto:${address}`}>
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {/* An address has no place to break of its own: on a small phone it breaks anywhere. */}
      <span className="min-w-0 [overflow-wrap:anywhere]">{address}</span>
    </a>
  )
}

function PhoneLink({ number }: { number: string }) {
  return (
    <a className="link inline-flex items-center gap-1.5" dir="ltr" href={`tel:${number.replace(/\s/g, '')}`}>
      <Phone aria-hidden="true" className="size-4 shrink-0" />
      {number}
    </a>
  )
}

/** This college gives accounts itself: how to get one, and whom to ask. */
export function SignupNo() {
  const { t } = useLingui()
  const [college, setCollege] = useState<CollegePublic>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api
      .get('api/v1/college/public')
      .json<CollegePublic>()
      .then(setCollege)
      .catch(() => setFailed(true))
  }, [])
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Trans>
          Accounts are created by the school for families, students and staff. You cannot sign up on your own:
          ask the school office and they will send you your access.
        </Trans>
      </p>
      {college?.contact_intro && <p dir="auto">{college.contact_intro}</p>}
      {college && college.contacts.length > 0 && (
        <ul aria-label={t`Whom to ask`} className="flex flex-col gap-3">
          {college.contacts.map((contact) => (
            <li
              key={`${contact.area}-${contact.email}`}
              className="flex flex-col gap-1 rounded-xl bg-slate-100 p-4 dark:bg-slate-800"
            >
              <span dir="auto" className="font-semibold">
                {contact.area}
              </span>
              {contact.name && <span dir="auto">{contact.name}</span>}
              {contact.email && <MailLink address={contact.email} />}
              {contact.phone && <PhoneLink number={contact.phone} />}
            </li>
          ))}
        </ul>
      )}
      {college && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 rounded-xl bg-slate-100 p-4 dark:bg-slate-800">
          <dt className="font-medium">
            <Trans>Email</Trans>
          </dt>
          <dd>{college.email ? <MailLink address={college.email} /> : '—'}</dd>
          <dt className="font-medium">
            <Trans>Phone</Trans>
          </dt>
          <dd>{college.phone ? <PhoneLink number={college.phone} /> : '—'}</dd>
          <dt className="font-medium">
            <Trans>Address</Trans>
          </dt>
          <dd dir="auto">{[college.address, college.commune].filter(Boolean).join(', ') || '—'}</dd>
        </dl>
      )}
      {failed && (
        <p role="status">
          <Trans>We could not load the school's contact details. Please check your connection.</Trans>
        </p>
      )}
      <Link to="/auth/login" className="link">
        <Trans>I already have an account</Trans>
      </Link>
    </div>
  )
}
