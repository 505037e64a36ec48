import { describe, expect, it } from 'vitest'
import { brandPalette, contrastRatio } from '#client/platform/contrast.ts'

// Colours schools really pick: strong blues and greens, but also yellow, sky blue and near-black.
const COLLEGE_COLOURS = [
  '#1d4ed8',
  '#047857',
  '#facc15',
  '#38bdf8',
  '#f97316',
  '#e11d48',
  '#111827',
  '#ffffff',
  '#7c3aed',
  '#abc',
]

describe('a college colour becomes a palette that reads at 4.5:1 in both themes', () => {
  it.each(COLLEGE_COLOURS)('%s', (colour) => {
    const palette = brandPalette(colour)
    for (const page of ['#ffffff', '#f8fafc', '#f1f5f9'])
      expect(contrastRatio(palette.inkLight, page), `${colour} text on ${page}`).toBeGreaterThanOrEqual(4.5)
    for (const page of ['#020617', '#0f172a', '#1e293b'])
      expect(contrastRatio(palette.inkDark, page), `${colour} text on dark ${page}`).toBeGreaterThanOrEqual(
        4.5,
      )
    expect(contrastRatio(palette.onBrand, palette.brand), `${colour} button text`).toBeGreaterThanOrEqual(4.5)
  })

  it('keeps a colour that already reads well as it is', () => {
    expect(brandPalette('#1d4ed8').inkLight).toBe('#1d4ed8')
    expect(brandPalette('#1d4ed8').brand).toBe('#1d4ed8')
  })

  it('knows the contrast of black on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0)
  })
})
