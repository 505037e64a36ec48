// The dashboard's period from the address, and the waits and weeks as the reader's language writes them.
import { describe, expect, it } from 'vitest'
import { niceTicks } from '#client/features/statistics/charts/chart-data.ts'
import { isoWeekStart, rangeOf, rangeProblem } from '#client/features/statistics/period.ts'
import { formatMinutes } from '#client/features/statistics/statistics-format.ts'

const TODAY = '2026-03-15'

describe('the period in the address', () => {
  it('is the last 30 days, today included, when the address says nothing', () => {
    expect(rangeOf({}, TODAY)).toEqual({ from: '2026-02-14', to: TODAY })
  })

  it('reads the presets and a shared link with dates alone', () => {
    expect(rangeOf({ period: 'last-90' }, TODAY)).toEqual({ from: '2025-12-16', to: TODAY })
    expect(rangeOf({ period: 'this-year' }, TODAY)).toEqual({ from: '2026-01-01', to: TODAY })
    expect(rangeOf({ from: '2026-01-10', to: '2026-02-10' }, TODAY)).toEqual({
      from: '2026-01-10',
      to: '2026-02-10',
    })
  })

  it('refuses a custom period that ends before it starts or is longer than the server answers', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('order')
    expect(rangeProblem({ from: '2024-01-01', to: '2026-01-01' })).toBe('too-long')
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeUndefined()
  })
})

describe('weeks and waits', () => {
  it('finds the Monday an ISO week starts on, across the turn of a year', () => {
    expect(isoWeekStart('2026-W01')).toBe('2025-12-29')
    expect(isoWeekStart('2026-W11')).toBe('2026-03-09')
    expect(isoWeekStart('2021-W01')).toBe('2021-01-04')
  })

  it('writes a wait as its two largest units', () => {
    expect(formatMinutes(135, 'en')).toBe('2 hr, 15 min')
    expect(formatMinutes(0.3, 'en')).toBe('1 min')
    expect(formatMinutes(1500, 'en')).toBe('1 day, 1 hr')
  })
})

describe('chart axes', () => {
  it('steps by round numbers up to at least the largest value', () => {
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40])
    expect(niceTicks(0)).toEqual([0, 1])
    expect(niceTicks(1_450_000)).toEqual([0, 500_000, 1_000_000, 1_500_000])
  })
})
