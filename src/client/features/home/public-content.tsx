// What the college tells everyone on its home page: pictures, its history, its management team,
// how to reach it and its networks. Loaded after the first paint, so the page opens at once.
import { Trans, useLingui } from '@lingui/react/macro'
import { Mail, MapPin, Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { CollegePublic, Manager } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { Carousel } from '../../ui/carousel.tsx'
import { NETWORK_NAMES, SocialIcon } from '../../ui/social-icon.tsx'
import { ContactForm } from './contact-form.tsx'

function byCategory(managers: Manager[]): [string, Manager[]][] {
  const groups = new Map<string, Manager[]>()
  for (const m of managers) groups.set(m.category, [...(groups.get(m.category) ?? []), m])
  return [...groups.entries()]
}

export default function PublicContent() {
  const { t } = useLingui()
  const [college, setCollege] = useState<CollegePublic>()
  useEffect(() => {
    api
      .get('api/v1/college/public')
      .json<CollegePublic>()
      .then(setCollege)
      .catch(() => undefined)
  }, [])
  if (!college) return null
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-6 pb-16">
      {college.slides.length > 0 && <Carousel slides={college.slides} label={t`Life at the college`} />}
      {college.history && (
        <section aria-labelledby="history-heading" className="flex flex-col gap-4">
          <h2 id="history-heading" className="text-2xl font-bold">
            <Trans>Our history</Trans>
          </h2>
          {/* Cleaned on the server to an allow-list of formatting when it was saved. */}
          <div
            className="rich-text card p-6"
            dir="auto"
            dangerouslySetInnerHTML={{ __html: college.history }}
          />
        </section>
      )}
      {college.managers.length > 0 && (
        <section aria-labelledby="managers-heading" className="flex flex-col gap-6">
          <h2 id="managers-heading" className="text-2xl font-bold">
            <Trans>Management team</Trans>
          </h2>
          {byCategory(college.managers).map(([category, people]) => (
            <div key={category} className="flex flex-col gap-3">
              {category && (
                <h3 dir="auto" className="text-lg font-semibold">
                  {category}
                </h3>
              )}
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {people.map((m) => (
                  <li key={m.id} className="card flex items-center gap-4 p-4">
                    <Avatar name={m.name} src={m.photo_url} size="lg" />
                    <div className="flex min-w-0 flex-col">
                      <span dir="auto" className="font-semibold">
                        {m.name}
                      </span>
                      {m.position && (
                        <span dir="auto" className="text-sm text-muted">
                          {m.position}
                        </span>
                      )}
                      {m.email && (
                        <a className="link truncate text-sm" href={`mailto:${m.email}`}>
                          {m.email}
                        </a>
                      )}
                      {m.phone && (
                        <a className="link text-sm" dir="ltr" href={`tel:${m.phone.replace(/\s/g, '')}`}>
                          {m.phone}
                        </a>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <section aria-labelledby="contact-heading" className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-4">
          <h2 id="contact-heading" className="text-2xl font-bold">
            <Trans>Contact</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {(college.address || college.commune) && (
              <li className="flex items-start gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
                <span dir="auto">{[college.address, college.commune].filter(Boolean).join(', ')}</span>
              </li>
            )}
            {college.phone && (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-5 text-muted" />
                <a className="link" dir="ltr" href={`tel:${college.phone.replace(/\s/g, '')}`}>
                  {college.phone}
                </a>
              </li>
            )}
            {college.email && (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-5 text-muted" />
                <a className="link" href={`mailto:${college.email}`}>
                  {college.email}
                </a>
              </li>
            )}
          </ul>
          {college.social.length > 0 && (
            <ul aria-label={t`The college on the web`} className="flex flex-wrap gap-2">
              {college.social.map((link) => {
                const name = link.network === 'website' ? t`Website` : NETWORK_NAMES[link.network]
                return (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={name}
                      title={name}
                      className="flex size-11 items-center justify-center rounded-full bg-brand-soft text-brand-ink hover:brightness-95"
                    >
                      <SocialIcon network={link.network} />
                    </a>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
        <div className="card p-5 sm:p-6">
          <ContactForm />
        </div>
      </section>
    </div>
  )
}
