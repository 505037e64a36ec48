import { describe, expect, it } from 'vitest'
import { targetLists } from '../../src/server/platform/targets.ts'

const row = (grade_id: number | null, course_id: number | null) => ({ grade_id, course_id })

describe('targetLists: stored target rows as the API lists them', () => {
  it('gives empty lists when nothing is targeted', () => {
    expect(targetLists([])).toEqual({ grades: [], courses: [] })
  })

  it('gives all and all when one row targets the whole college, wherever it stands', () => {
    expect(targetLists([row(2, 5), row(null, null)])).toEqual({ grades: ['all'], courses: ['all'] })
  })

  it('gives the grades, each once in the order first named, and all their courses', () => {
    expect(targetLists([row(3, null), row(1, null), row(3, null)])).toEqual({
      grades: [3, 1],
      courses: ['all'],
    })
  })

  it('gives the named courses, each once, beside the grades they sit in', () => {
    expect(targetLists([row(1, 10), row(1, 11), row(2, 20), row(1, 10)])).toEqual({
      grades: [1, 2],
      courses: [10, 11, 20],
    })
  })

  it('keeps a grade named whole beside courses named in another', () => {
    expect(targetLists([row(1, null), row(2, 20)])).toEqual({ grades: [1, 2], courses: [20] })
  })
})
