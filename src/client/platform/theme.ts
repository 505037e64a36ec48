// Colour scheme light / dark / auto, stored; auto follows the system; dark adds `is-dark` to <html>.
import { atom } from 'jotai/vanilla'
import { DARK_CLASS, THEMES, type Theme } from '#shared/constants.ts'
import { brandPalette, parseHex } from './contrast.ts'
import { COLOR_SCHEME_KEY } from './storage-keys.ts'
import { store } from './store.ts'

function stored(): Theme {
  try {
    const value = localStorage.getItem(COLOR_SCHEME_KEY)
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'auto'
  } catch {
    return 'auto'
  }
}

export const themeAtom = atom<Theme>(stored())

const SYSTEM_DARK = '(prefers-color-scheme: dark)'

/** The system's own choice, kept current by `watchSystemTheme`. */
export const systemDarkAtom = atom(globalThis.matchMedia?.(SYSTEM_DARK).matches ?? false)

/** Whether the interface is dark now: for what draws its own colours (the calendar), not only CSS. */
export const darkAtom = atom((get) => isDark(get(themeAtom), get(systemDarkAtom)))

export function isDark(theme: Theme, prefersDark: boolean): boolean {
  return theme === 'dark' || (theme === 'auto' && prefersDark)
}

/** The page's CSS follows `darkAtom`, as the calendar does. */
export function applyTheme(): void {
  document.documentElement.classList.toggle(DARK_CLASS, store.get(darkAtom))
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(COLOR_SCHEME_KEY, theme)
  store.set(themeAtom, theme)
  applyTheme()
}

export function watchSystemTheme(): void {
  globalThis.matchMedia?.(SYSTEM_DARK).addEventListener('change', (change) => {
    store.set(systemDarkAtom, change.matches)
    applyTheme()
  })
}

/** The college's colour tints the interface: a fill, the text on it, and a readable text colour per theme. */
export function applyCollegeColor(color: string | undefined): void {
  if (!color || !parseHex(color)) return
  const palette = brandPalette(color)
  const style = document.documentElement.style
  style.setProperty('--brand', palette.brand)
  style.setProperty('--on-brand', palette.onBrand)
  style.setProperty('--brand-ink-light', palette.inkLight)
  style.setProperty('--brand-ink-dark', palette.inkDark)
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color)
}
