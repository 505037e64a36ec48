// How to reach a business: call, WhatsApp, its website and networks. Real links (a phone opens its
// dialer, the others a new tab without telling the site where the family came from); each press is
// counted for the business's figures, without saying who pressed.
import { useLingui } from '@lingui/react/macro'
import { Phone } from 'lucide-react'
import type { ReactElement } from 'react'
import { type Pyme, whatsappDigits } from '#shared/benefits.schema.ts'
import { buttonClass } from '../../ui/button-styles.ts'
import { SocialIcon } from '../../ui/social-icon.tsx'

type Contact = { key: string; href: string; label: string; icon: ReactElement; external: boolean }

/** `tel:` wants the digits and a leading plus, without the spaces people write. */
export function telLink(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`
}

export function PymeContacts({ pyme, onPress }: { pyme: Pyme; onPress: () => void }) {
  const { t } = useLingui()
  const whatsapp = whatsappDigits(pyme.whatsapp)
  const contacts = [
    pyme.phone && {
      key: 'call',
      href: telLink(pyme.phone),
      label: t`Call`,
      icon: <Phone aria-hidden="true" className="size-4" />,
      external: false,
    },
    whatsapp && {
      key: 'whatsapp',
      href: `https://wa.me/${whatsapp}`,
      label: 'WhatsApp',
      icon: <SocialIcon network="whatsapp" className="size-4" />,
      external: true,
    },
    pyme.website && {
      key: 'website',
      href: pyme.website,
      label: t`Website`,
      icon: <SocialIcon network="website" className="size-4" />,
      external: true,
    },
    pyme.instagram && {
      key: 'instagram',
      href: pyme.instagram,
      label: 'Instagram',
      icon: <SocialIcon network="instagram" className="size-4" />,
      external: true,
    },
    pyme.facebook && {
      key: 'facebook',
      href: pyme.facebook,
      label: 'Facebook',
      icon: <SocialIcon network="facebook" className="size-4" />,
      external: true,
    },
  ].filter((c): c is Contact => typeof c === 'object')
  if (contacts.length === 0) return null
  return (
    <ul aria-label={t`Contact ${pyme.name}`} className="flex flex-wrap gap-2">
      {contacts.map((c, i) => (
        <li key={c.key}>
          <a
            href={c.href}
            onClick={onPress}
            data-testid={`benefit-${c.key}`}
            {...(c.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className={buttonClass(i === 0 ? 'primary' : 'secondary', 'md')}
          >
            {c.icon}
            {c.label}
            {c.external && <span className="sr-only">{t`(opens in a new tab)`}</span>}
          </a>
        </li>
      ))}
    </ul>
  )
}
