// A fast read validates its query string once and keeps the answer: a kept answer must be the one a
// fresh validation gives, for every query, however many have been asked before it.
import { describe, expect, it } from 'vitest'
import { feedQuerySchema } from '#server/features/posts/post-feed.ts'
import { queryFields, validOrUndefined, validQuery } from '#server/platform/validate.ts'

const fresh = (query: string) => {
  const fields = queryFields(new URLSearchParams(query))
  return fields && validOrUndefined(feedQuerySchema, fields)
}

const QUERIES = [
  'limit=20',
  '',
  'limit=1&cursor=WyIyMDI2IiwiYSJd',
  'limit=abc',
  'limit=0',
  'limit=1&limit=3',
  '=5&limit=1',
  'cursor=%01',
  'limit=5&category_id=3',
  'limit=5&category_id=x',
]

describe('validQuery', () => {
  it('answers each query as a fresh validation does, the first time and from what it kept', () => {
    for (const query of QUERIES) {
      const first = validQuery(feedQuerySchema, query)
      expect(first, query).toEqual(fresh(query))
      const again = validQuery(feedQuerySchema, query)
      expect(again, query).toEqual(fresh(query))
      // Kept: the same frozen object, so no request can change what the next one is given.
      expect(again, query).toBe(first)
      if (again) expect(Object.isFrozen(again), query).toBe(true)
    }
    expect(validQuery(feedQuerySchema, 'limit=abc')).toBeUndefined()
    expect(validQuery(feedQuerySchema, 'limit=20')).toEqual({ limit: 20 })
  })

  it('stays right past the number of queries it keeps (a cursor makes each page a new query)', () => {
    for (let page = 0; page < 600; page++) {
      const query = `limit=${(page % 50) + 1}&cursor=c${page}`
      expect(validQuery(feedQuerySchema, query), query).toEqual(fresh(query))
      expect(validQuery(feedQuerySchema, 'limit=abc')).toBeUndefined()
    }
    for (const query of QUERIES) expect(validQuery(feedQuerySchema, query), query).toEqual(fresh(query))
  })
})
