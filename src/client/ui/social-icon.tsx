// Networks' own marks, so families recognise them at a glance (from simple-icons, CC0).
import { Globe } from 'lucide-react'
import { siFacebook, siInstagram, siTiktok, siWhatsapp, siX, siYoutube } from 'simple-icons'
import type { SocialNetwork } from '#shared/colleges.schema.ts'

const MARKS: Record<Exclude<SocialNetwork, 'website'>, { path: string; hex: string }> = {
  facebook: siFacebook,
  instagram: siInstagram,
  x: siX,
  youtube: siYoutube,
  tiktok: siTiktok,
  whatsapp: siWhatsapp,
}

export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  website: 'Web',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
}

export function SocialIcon({
  network,
  className = 'size-5',
}: {
  network: SocialNetwork
  className?: string
}) {
  if (network === 'website') return <Globe aria-hidden="true" className={className} />
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d={MARKS[network].path} />
    </svg>
  )
}
