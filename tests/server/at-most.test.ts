// Heavy answers (sync pages) are built a few at a time; the rest wait their turn, and a failure frees
// its place.
import { describe, expect, it } from 'vitest'
import { atMost } from '#server/platform/at-most.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('atMost', () => {
  it('runs no more than its limit at once, and the waiting ones in the order they came', async () => {
    const run = atMost(2)
    let now = 0
    let most = 0
    const started: number[] = []
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        run(async () => {
          started.push(n)
          now++
          most = Math.max(most, now)
          await tick()
          now--
          return n * 10
        }),
      ),
    )
    expect(results).toEqual([0, 10, 20, 30, 40])
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4])
  })

  it('gives the place of a failed run to the next, and passes the failure on', async () => {
    const run = atMost(1)
    const failed = run(async () => {
      await tick()
      throw new Error('broken page')
    })
    const next = run(async () => 'built')
    await expect(failed).rejects.toThrow('broken page')
    await expect(next).resolves.toBe('built')
    // Nothing is left holding a place.
    await expect(run(async () => 'free')).resolves.toBe('free')
  })
})
