// The college of this host (spec section 3), with the spec's defaults when the server has none.
import { atom } from 'jotai/vanilla'
import type { CollegeDomain } from '#shared/api-types.ts'
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import { api, COLLEGE_SUSPENDED_EVENT } from './api.ts'
import { COLLEGE_CACHE_KEY } from './storage-keys.ts'
import { store } from './store.ts'
import { applyCollegeColor } from './theme.ts'

export type CollegeInfo = {
  id: number | undefined
  name: string
  logo: string
  image: string
  language: string
  /** The college's colour. */
  color?: string
  /** The college's time zone: events show in it, wherever the device is. */
  timezone?: string
  /** The currency of the college's fees (`CLP`); absent in a copy kept before it was sent. */
  currency?: string
  /** The platform owner suspended the college: its people see a clear page instead of the app. */
  suspended?: boolean
  /** The college accepts advertising (`have_advertising`): families see the Benefits directory. */
  advertising: boolean
}

export const DEFAULT_COLLEGE: CollegeInfo = {
  id: undefined,
  name: COLLEGE_DEFAULTS.name,
  logo: COLLEGE_DEFAULTS.logo,
  image: COLLEGE_DEFAULTS.image,
  language: COLLEGE_DEFAULTS.language,
  advertising: false,
}

function cached(): CollegeInfo | undefined {
  try {
    const raw = localStorage.getItem(COLLEGE_CACHE_KEY)
    return raw ? (JSON.parse(raw) as CollegeInfo) : undefined
  } catch {
    return undefined
  }
}

/**
 * The details the server wrote into this page (a first visit draws with them at once). The device's
 * own copy comes first: the service worker's copy of the page may be older than it.
 */
function fromPage(): CollegeInfo | undefined {
  try {
    const text = document.getElementById('college-data')?.textContent
    return text ? toCollegeInfo(JSON.parse(text) as CollegeDomain) : undefined
  } catch {
    return undefined
  }
}

export const collegeAtom = atom<CollegeInfo>(cached() ?? fromPage() ?? DEFAULT_COLLEGE)

export function toCollegeInfo(data: CollegeDomain | undefined): CollegeInfo | undefined {
  if (!data || typeof data.name !== 'string' || !data.domain) return undefined
  return {
    id: data.id,
    name: data.name || DEFAULT_COLLEGE.name,
    // Shown at logo size (64 px at most): the square icon, a few KB, where the server draws one.
    logo: data.domain.college_icon || data.domain.college_logo || DEFAULT_COLLEGE.logo,
    image: data.domain.college_image || DEFAULT_COLLEGE.image,
    language: data.domain.language || DEFAULT_COLLEGE.language,
    color: data.domain.theme_color,
    timezone: data.domain.timezone,
    currency: data.domain.currency,
    suspended: data.suspended === true,
    advertising: data.have_advertising === true,
  }
}

export async function loadCollege(): Promise<CollegeInfo> {
  let info: CollegeInfo | undefined
  try {
    const data = await api
      .post('api/colleges/domain', { json: { domain: window.location.hostname, company: null } })
      .json<CollegeDomain>()
    info = toCollegeInfo(data)
  } catch {
    info = undefined
  }
  if (!info) {
    console.error('No se recibieron datos válidos del endpoint.')
    // Offline, the last known college is better than the generic defaults.
    info = cached() ?? DEFAULT_COLLEGE
  } else {
    info.color ??= await manifestColor()
    localStorage.setItem(COLLEGE_CACHE_KEY, JSON.stringify(info))
  }
  applyCollegeColor(info.color)
  store.set(collegeAtom, info)
  return info
}

async function manifestColor(): Promise<string | undefined> {
  try {
    const manifest = (await (await fetch('/manifest.webmanifest')).json()) as { theme_color?: string }
    return manifest.theme_color
  } catch {
    return undefined
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener(COLLEGE_SUSPENDED_EVENT, () =>
    store.set(collegeAtom, (c) => ({ ...c, suspended: true })),
  )
}
