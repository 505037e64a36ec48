// `jsonBytes` (platform/json-bytes.ts): a large answer's JSON made a piece at a time is, byte for byte,
// what JSON.stringify makes of it.
import { describe, expect, it } from 'vitest'
import { jsonBytes } from '#server/platform/json-bytes.ts'

const same = (value: unknown) => expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value))

/** A sync page's change, with text that needs escaping and characters of several byte lengths. */
const change = (i: number) => ({
  collection: i % 3 ? 'posts' : 'events',
  id: `id-${i}`,
  op: 'put',
  version: i,
  data: {
    title: `Reunión "${i}" — ñandú 日本 🎒\n\t\\`,
    content: '<p class="x">Hola</p>'.repeat(i % 7),
    starts_at: new Date(Date.UTC(2026, 10, 1 + (i % 28))),
    optional: i % 2 ? undefined : null,
    tags: [i, undefined, () => i, 'a'],
  },
})

describe('jsonBytes', () => {
  it('writes a page of thousands of changes (far over one chunk) exactly as JSON.stringify', () => {
    const page = {
      changes: Array.from({ length: 3000 }, (_, i) => change(i)),
      cursor: 'abc',
      hasMore: true,
      skipped: undefined,
      reset: false,
    }
    expect(JSON.stringify(page).length).toBeGreaterThan(300_000)
    same(page)
  })

  it('writes what JSON.stringify leaves out or turns to null the same way', () => {
    same({ a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('s'), null], e: 1 })
    same({ '2': 'two', '1': 'one', z: 'z', a: 'a' })
    same({ '"quoted"\n': [] })
    same([change(1), change(2)])
    same([])
    same({})
    same({ list: [[1, [2, 3]], { nested: [4] }] })
  })

  it('writes values that are not plain objects or arrays as JSON.stringify does', () => {
    same('text')
    same(12.5)
    same(null)
    same(new Date(Date.UTC(2026, 0, 1)))
    same({ toJSON: () => ({ replaced: [1, 2] }) })
    same({ when: { toJSON: () => 'later' }, list: [{ toJSON: () => 'item' }] })
  })
})
