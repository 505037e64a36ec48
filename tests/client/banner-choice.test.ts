// Which advertising banner a family sees on the home and in the news feed, by the college's day, and
// how the college's admins read their banners: showing, scheduled or ended.
import { describe, expect, it } from 'vitest'
import { bannerStatus, sortBanners } from '#client/features/banners/banner-choice.ts'
import { bannerOfDay, bannersShown, dayNumber } from '#shared/banner-of-day.ts'
import type { Banner, BannerPlacement } from '#shared/banners.schema.ts'

const banner = (
  id: string,
  starts_on: string,
  ends_on: string,
  placement: BannerPlacement = 'home',
  created_at = '2027-01-01T00:00:00.000Z',
): Banner => ({
  id,
  title: `Banner ${id}`,
  link: '',
  placement,
  starts_on,
  ends_on,
  image_url: `/media/banners/${id}.webp`,
  created_at,
  updated_at: created_at,
})

describe('a banner shows from its first day to its last, both included', () => {
  const march = banner('a', '2027-03-01', '2027-03-31')
  it.each([
    ['2027-02-28', 'scheduled'],
    ['2027-03-01', 'showing'],
    ['2027-03-15', 'showing'],
    ['2027-03-31', 'showing'],
    ['2027-04-01', 'ended'],
  ] as const)('on %s it is %s', (today, status) => {
    expect(bannerStatus(march, today)).toBe(status)
  })

  it('a one-day banner shows on that day only', () => {
    const sale = banner('b', '2027-05-10', '2027-05-10')
    expect(bannerStatus(sale, '2027-05-09')).toBe('scheduled')
    expect(bannerStatus(sale, '2027-05-10')).toBe('showing')
    expect(bannerStatus(sale, '2027-05-11')).toBe('ended')
  })
})

describe('the banners a family can see today', () => {
  const banners = [
    banner('old-home', '2027-03-01', '2027-03-31'),
    banner('new-home', '2027-03-10', '2027-03-20'),
    banner('feed', '2027-03-01', '2027-03-31', 'feed'),
    banner('later', '2027-04-01', '2027-04-30'),
    banner('gone', '2027-02-01', '2027-02-28'),
  ]

  it('are those of the place, on between their days, the newest first', () => {
    expect(bannersShown(banners, 'home', '2027-03-15').map((b) => b.id)).toEqual(['new-home', 'old-home'])
    expect(bannersShown(banners, 'feed', '2027-03-15').map((b) => b.id)).toEqual(['feed'])
  })

  it('with the same first day, the one created last comes first', () => {
    const twins = [
      banner('first', '2027-03-01', '2027-03-31', 'home', '2027-02-01T10:00:00.000Z'),
      banner('second', '2027-03-01', '2027-03-31', 'home', '2027-02-02T10:00:00.000Z'),
    ]
    expect(bannersShown(twins, 'home', '2027-03-05').map((b) => b.id)).toEqual(['second', 'first'])
  })

  it('are none before the first banner starts, after the last ends, or in a place with none', () => {
    expect(bannerOfDay(banners, 'home', '2027-01-15')).toBeUndefined()
    expect(bannerOfDay(banners, 'home', '2027-05-01')).toBeUndefined()
    expect(bannerOfDay([], 'feed', '2027-03-15')).toBeUndefined()
    expect(bannerOfDay(banners.slice(0, 2), 'feed', '2027-03-15')).toBeUndefined()
  })
})

describe('one banner at a time, taking turns by day', () => {
  const banners = [
    banner('a', '2027-03-01', '2027-03-31'),
    banner('b', '2027-03-02', '2027-03-31'),
    banner('c', '2027-03-03', '2027-03-31'),
  ]

  it('a single banner shows every day it is on', () => {
    const only = [banner('solo', '2027-03-01', '2027-03-31')]
    for (const day of ['2027-03-01', '2027-03-02', '2027-03-31'])
      expect(bannerOfDay(only, 'home', day)?.id).toBe('solo')
  })

  it('everyone sees the same one on a given day', () => {
    const shuffled = [banners[2]!, banners[0]!, banners[1]!]
    expect(bannerOfDay(shuffled, 'home', '2027-03-10')?.id).toBe(
      bannerOfDay(banners, 'home', '2027-03-10')?.id,
    )
  })

  it('over consecutive days each one gets its turn', () => {
    const days = ['2027-03-10', '2027-03-11', '2027-03-12']
    const seen = days.map((day) => bannerOfDay(banners, 'home', day)?.id)
    expect(new Set(seen)).toEqual(new Set(['a', 'b', 'c']))
  })

  it('counts days the same across months and years', () => {
    expect(dayNumber('1970-01-01')).toBe(0)
    expect(dayNumber('2027-03-01') - dayNumber('2027-02-28')).toBe(1)
    expect(dayNumber('2028-01-01') - dayNumber('2027-12-31')).toBe(1)
    expect(dayNumber('not a day')).toBe(0)
  })
})

describe("the admins' list", () => {
  it('shows those on now first, then the coming ones by first day, then the ended, most recent first', () => {
    const today = '2027-03-15'
    const banners = [
      banner('ended-long-ago', '2027-01-01', '2027-01-31'),
      banner('next-month', '2027-04-01', '2027-04-30'),
      banner('showing-old', '2027-03-01', '2027-03-31'),
      banner('ended-yesterday', '2027-03-01', '2027-03-14'),
      banner('next-week', '2027-03-22', '2027-03-29'),
      banner('showing-new', '2027-03-10', '2027-03-20', 'feed'),
    ]
    expect(sortBanners(banners, today).map((b) => b.id)).toEqual([
      'showing-new',
      'showing-old',
      'next-week',
      'next-month',
      'ended-yesterday',
      'ended-long-ago',
    ])
  })
})
