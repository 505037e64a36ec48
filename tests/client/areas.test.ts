// The navigation lists only what a person may open: Benefits (local businesses' offers) only in a
// college that accepts advertising.
import { describe, expect, it } from 'vitest'
import { AREAS, visibleAreas } from '#client/features/shell/areas.ts'

const family = { permissions: [] as string[], college_id: 1 }
const manager = { permissions: ['college.manage', 'pymes.manage'], college_id: 1 }
const owner = { permissions: ['platform.manage'], college_id: null }
const paths = (areas: { to: string }[]) => areas.map((a) => a.to)

describe('visibleAreas', () => {
  it('shows Benefits to a family of a college that accepts advertising', () => {
    expect(paths(visibleAreas(family, true))).toContain('/benefits')
  })

  it('hides Benefits in a college without advertising, and nothing else changes', () => {
    const without = paths(visibleAreas(family, false))
    expect(without).not.toContain('/benefits')
    expect(without).toEqual(paths(visibleAreas(family, true)).filter((to) => to !== '/benefits'))
  })

  it('still asks for permissions: advertising does not open the businesses admin to a family', () => {
    expect(paths(visibleAreas(family, true))).not.toContain('/pymes')
    expect(paths(visibleAreas(manager, true))).toEqual(expect.arrayContaining(['/benefits', '/pymes']))
  })

  it('shows the platform owner only the platform areas, advertising or not', () => {
    const shown = visibleAreas(owner, true)
    expect(shown.every((a) => a.platform)).toBe(true)
    expect(paths(shown)).not.toContain('/benefits')
  })

  it('shows nothing to a visitor', () => {
    expect(visibleAreas(undefined, true)).toEqual([])
  })

  it('marks Benefits as an advertising area', () => {
    expect(AREAS.find((a) => a.to === '/benefits')?.advertising).toBe(true)
  })
})
