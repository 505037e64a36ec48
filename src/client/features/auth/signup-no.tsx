import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { CollegeContact } from '#shared/api-types.ts'
import { api } from '../../platform/api.ts'

/** This college gives accounts itself: how to get one, and whom to ask. */
export function SignupNo() {
  const [contact, setContact] = useState<CollegeContact>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    api
      .get('api/v1/college/contact')
      .json<CollegeContact>()
      .then(setContact)
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
      {contact && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
          <dt className="font-medium">
            <Trans>Email</Trans>
          </dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</dd>
          <dt className="font-medium">
            <Trans>Phone</Trans>
          </dt>
          <dd>
            {contact.phone ? <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a> : '—'}
          </dd>
          <dt className="font-medium">
            <Trans>Address</Trans>
          </dt>
          <dd>{[contact.address, contact.commune].filter(Boolean).join(', ') || '—'}</dd>
        </dl>
      )}
      {failed && (
        <p role="status">
          <Trans>We could not load the school's contact details. Please check your connection.</Trans>
        </p>
      )}
      <Link to="/auth/login" className="text-brand underline">
        <Trans>I already have an account</Trans>
      </Link>
    </div>
  )
}
