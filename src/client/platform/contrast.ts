// Colour contrast (WCAG 2) for the college's colour: whatever a school picks, text stays readable.

type Rgb = [number, number, number]

export function parseHex(hex: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match) return undefined
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as Rgb
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [parseHex(a), parseHex(b)].map((c) => (c ? luminance(c) : 0)) as [number, number]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => c + (to[i]! - c) * amount) as Rgb
}

/** `color` laid over `background` at `amount` (0..1) opacity, as the solid colour it shows. */
export function tint(color: string, background: string, amount: number): string {
  const [fg, bg] = [parseHex(color), parseHex(background)]
  return fg && bg ? toHex(mix(bg, fg, amount)) : background
}

/** The colour moved towards black or white in small steps until it reads at `ratio` on every background. */
export function readableOn(color: string, backgrounds: string[], ratio = 4.5): string {
  const rgb = parseHex(color)
  if (!rgb) return color
  const darker = backgrounds.every((bg) => luminance(parseHex(bg) ?? [255, 255, 255]) > 0.4)
  const target: Rgb = darker ? [0, 0, 0] : [255, 255, 255]
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(mix(rgb, target, step / 20))
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio)) return candidate
  }
  return toHex(target)
}

export type BrandPalette = { brand: string; onBrand: string; inkLight: string; inkDark: string }

/** Light pages are white and slate-50/100; dark pages slate-950 and cards slate-900 (styles.css). */
const LIGHT_BACKGROUNDS = ['#ffffff', '#f8fafc', '#f1f5f9']
const DARK_BACKGROUNDS = ['#020617', '#0f172a', '#1e293b']

export function brandPalette(color: string): BrandPalette {
  const white = '#ffffff'
  const ink = '#0f172a'
  // A fill carries white text when it can; a very light colour carries dark text; otherwise darken it.
  let brand = color
  let onBrand = white
  if (contrastRatio(color, white) < 4.5) {
    if (contrastRatio(color, ink) >= 4.5) onBrand = ink
    else brand = readableOn(color, [white])
  }
  return {
    brand,
    onBrand,
    inkLight: readableOn(color, LIGHT_BACKGROUNDS),
    inkDark: readableOn(color, DARK_BACKGROUNDS),
  }
}
