// Home-screen icons made from the college's logo. The logo's hash is part of the name, so a new
// logo makes new icons and installed apps pick them up; unchanged logos are never redrawn.
import sharp from 'sharp'
import { sha256 } from '../../platform/secrets.ts'
import type { Storage } from '../../platform/storage.ts'

/** The manifest's icons. */
export const ICON_VARIANTS = ['192', '512', '512-maskable'] as const
/** Every icon drawn: the manifest's, the browser tab's and the iPhone home screen's. */
export const ALL_ICON_VARIANTS = [...ICON_VARIANTS, '64', '180'] as const
export type IconVariant = (typeof ALL_ICON_VARIANTS)[number]

export function logoHash(logo: Buffer): string {
  return sha256(logo.toString('base64')).slice(0, 16)
}

export function iconKey(collegeId: number, hash: string, variant: IconVariant): string {
  return `icons/${collegeId}/${hash}-${variant}.png`
}

async function draw(logo: Buffer, variant: IconVariant, background: string): Promise<Buffer> {
  const size = variant === '512-maskable' ? 512 : Number(variant)
  if (variant !== '512-maskable') {
    return sharp(logo).resize(size, size, { fit: 'contain', background: '#ffffff' }).png().toBuffer()
  }
  // Maskable icons keep their content inside the central 80% safe zone.
  const inner = Math.round(size * 0.7)
  const content = await sharp(logo).resize(inner, inner, { fit: 'contain', background }).png().toBuffer()
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: content, gravity: 'centre' }])
    .png()
    .toBuffer()
}

const drawing = new Map<string, Promise<Buffer>>()

/**
 * The stored icon, drawn on first use. A burst of first requests (every phone of a school opening
 * the app after a new logo) waits for one drawing instead of each drawing the same icon.
 */
export function ensureIcon(
  storage: Storage,
  collegeId: number,
  logo: Buffer,
  variant: IconVariant,
  background: string,
): Promise<Buffer> {
  const key = iconKey(collegeId, logoHash(logo), variant)
  let pending = drawing.get(key)
  if (!pending) {
    pending = (async () => {
      const existing = await storage.get(key)
      if (existing) return existing
      const png = await draw(logo, variant, background)
      await storage.put(key, png)
      return png
    })().finally(() => drawing.delete(key))
    drawing.set(key, pending)
  }
  return pending
}
