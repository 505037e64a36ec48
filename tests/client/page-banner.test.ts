// @vitest-environment jsdom
// Home's banner of the day as the page of a first visit names it: drawn until the mirror has begun,
// only on its days, and never from a data block that is not a home banner.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_BANNER_ID } from '#shared/banner-of-day.ts'

const BANNER = {
  id: '00000000-0000-7000-b200-000100000000',
  title: 'Pastelería Dulce Carla',
  link: '',
  placement: 'home',
  starts_on: '2026-11-22',
  ends_on: '2027-01-28',
  image_url: '/media/banners/1/a.webp',
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
}

function writePage(text: string): void {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = PAGE_BANNER_ID
  script.textContent = text
  document.head.append(script)
}

async function fresh() {
  vi.resetModules()
  return import('#client/features/banners/page-banner.ts')
}

beforeEach(() => {
  document.head.innerHTML = ''
})

describe("the page's home banner", () => {
  it('is the one the page named, on its days', async () => {
    writePage(JSON.stringify(BANNER))
    const { pageBanner } = await fresh()
    expect(pageBanner('2026-11-29')).toEqual(BANNER)
    expect(pageBanner('2026-11-22')?.id).toBe(BANNER.id)
  })

  it('is none before its first day or after its last (a page kept open, or an old copy)', async () => {
    writePage(JSON.stringify(BANNER))
    const { pageBanner } = await fresh()
    expect(pageBanner('2026-11-21')).toBeUndefined()
    expect(pageBanner('2027-01-29')).toBeUndefined()
  })

  it('is none once the mirror has begun: from then on the mirror alone says', async () => {
    writePage(JSON.stringify(BANNER))
    const { pageBanner, forgetPageBanner } = await fresh()
    expect(pageBanner('2026-11-29')).toBeDefined()
    forgetPageBanner()
    expect(pageBanner('2026-11-29')).toBeUndefined()
  })

  it.each([
    ['no data block', undefined],
    ['broken JSON', '{"id":'],
    ["another place's banner", JSON.stringify({ ...BANNER, placement: 'feed' })],
    ['a banner without its picture', JSON.stringify({ ...BANNER, image_url: undefined })],
  ])('is none with %s', async (_case, text) => {
    if (text !== undefined) writePage(text)
    const { pageBanner } = await fresh()
    expect(pageBanner('2026-11-29')).toBeUndefined()
  })
})
