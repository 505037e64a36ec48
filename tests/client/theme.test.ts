// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DARK_CLASS } from '#shared/constants.ts'

/** A system colour scheme the test turns, as a phone does at dusk. */
function systemScheme(dark: boolean) {
  const listeners = new Set<(change: { matches: boolean }) => void>()
  const query = {
    get matches() {
      return dark
    },
    addEventListener: (_: string, listener: (change: { matches: boolean }) => void) =>
      listeners.add(listener),
  }
  vi.stubGlobal('matchMedia', () => query)
  return (next: boolean) => {
    dark = next
    for (const listener of listeners) listener({ matches: next })
  }
}

async function freshTheme() {
  vi.resetModules()
  const theme = await import('#client/platform/theme.ts')
  const { store } = await import('#client/platform/store.ts')
  return { ...theme, store }
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear()
    document.documentElement.className = ''
  })

  it('is dark for dark, light for light, and follows the system for auto', async () => {
    const { isDark } = await freshTheme()
    expect(isDark('dark', false)).toBe(true)
    expect(isDark('light', true)).toBe(false)
    expect(isDark('auto', true)).toBe(true)
    expect(isDark('auto', false)).toBe(false)
  })

  it('on auto, follows the system turning dark and light while the page is open', async () => {
    const turn = systemScheme(false)
    const { applyTheme, watchSystemTheme, darkAtom, store } = await freshTheme()
    applyTheme()
    watchSystemTheme()
    expect(store.get(darkAtom)).toBe(false)
    turn(true)
    // What draws its own colours (the calendar) hears it, as the page's CSS does.
    expect(store.get(darkAtom)).toBe(true)
    expect(document.documentElement.classList.contains(DARK_CLASS)).toBe(true)
    turn(false)
    expect(store.get(darkAtom)).toBe(false)
    expect(document.documentElement.classList.contains(DARK_CLASS)).toBe(false)
  })

  it('a chosen theme stays when the system turns', async () => {
    const turn = systemScheme(false)
    const { setTheme, watchSystemTheme, darkAtom, store } = await freshTheme()
    watchSystemTheme()
    setTheme('light')
    turn(true)
    expect(store.get(darkAtom)).toBe(false)
    expect(document.documentElement.classList.contains(DARK_CLASS)).toBe(false)
    setTheme('dark')
    turn(false)
    expect(store.get(darkAtom)).toBe(true)
    expect(document.documentElement.classList.contains(DARK_CLASS)).toBe(true)
  })
})
