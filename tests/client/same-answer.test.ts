// A live query's later answer is drawn only when it holds something else than the last one.
import { describe, expect, it } from 'vitest'
import { sameAnswer } from '#client/platform/sync/same-answer.ts'

const post = (title: string, images: string[] = []) => ({
  id: 'p1',
  title,
  images,
  author: { id: 3, name: 'Ana' },
  read_at: null,
})

describe('sameAnswer', () => {
  it('finds rows read again the same, and any changed field, row or order different', () => {
    expect(sameAnswer([post('A'), post('B')], [post('A'), post('B')])).toBe(true)
    expect(sameAnswer([post('A')], [post('A, corrected')])).toBe(false)
    expect(sameAnswer([post('A', ['x.webp'])], [post('A', ['y.webp'])])).toBe(false)
    expect(sameAnswer([post('A'), post('B')], [post('B'), post('A')])).toBe(false)
    expect(sameAnswer([post('A')], [post('A'), post('B')])).toBe(false)
    expect(sameAnswer({ ...post('A'), pinned: undefined }, post('A'))).toBe(false)
    expect(sameAnswer({ ...post('A'), author: { id: 4, name: 'Ana' } }, post('A'))).toBe(false)
    expect(sameAnswer(null, undefined)).toBe(false)
    expect(sameAnswer(3, 3)).toBe(true)
    expect(sameAnswer(Number.NaN, Number.NaN)).toBe(true)
  })

  it('compares Maps and Sets by their entries', () => {
    expect(sameAnswer(new Map([[1, 'News']]), new Map([[1, 'News']]))).toBe(true)
    expect(sameAnswer(new Map([[1, 'News']]), new Map([[1, 'Sports']]))).toBe(false)
    expect(sameAnswer(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true)
    expect(sameAnswer(new Set(['a']), new Set(['a', 'b']))).toBe(false)
    expect(sameAnswer(new Map(), new Set())).toBe(false)
  })

  it('draws again what it cannot look into (a picture kept on the device)', () => {
    const blob = new Blob(['x'])
    expect(sameAnswer({ id: 'b', blob }, { id: 'b', blob })).toBe(true)
    expect(sameAnswer({ id: 'b', blob }, { id: 'b', blob: new Blob(['x']) })).toBe(false)
  })
})
