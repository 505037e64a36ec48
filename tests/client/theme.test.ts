import { describe, expect, it } from 'vitest'
import { isDark } from '#client/platform/theme.ts'

describe('theme', () => {
  it('is dark for dark, light for light, and follows the system for auto', () => {
    expect(isDark('dark', false)).toBe(true)
    expect(isDark('light', true)).toBe(false)
    expect(isDark('auto', true)).toBe(true)
    expect(isDark('auto', false)).toBe(false)
  })
})
