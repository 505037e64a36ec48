// A screen's live queries start one per task of the event loop (in-turn.ts), in the order given.
import { describe, expect, it } from 'vitest'
import { inTurn } from '#client/platform/sync/in-turn.ts'

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('work started in turn', () => {
  it('runs each piece in a task of its own, in order: what one piece queued runs before the next starts', async () => {
    const log: string[] = []
    for (const name of ['a', 'b', 'c']) {
      inTurn(() => {
        log.push(name)
        queueMicrotask(() => log.push(`${name} done`))
      })
    }
    expect(log).toEqual([])
    await settled()
    expect(log).toEqual(['a', 'a done', 'b', 'b done', 'c', 'c done'])
  })

  it('never runs a piece taken back before its turn (a screen left at once), and runs the rest', async () => {
    const log: string[] = []
    inTurn(() => log.push('a'))
    const takeBack = inTurn(() => log.push('b'))
    inTurn(() => log.push('c'))
    takeBack()
    await settled()
    expect(log).toEqual(['a', 'c'])
    // Taking back a piece that already ran changes nothing.
    takeBack()
    inTurn(() => log.push('d'))
    await settled()
    expect(log).toEqual(['a', 'c', 'd'])
  })

  it('goes on with the rest when a piece throws', async () => {
    const log: string[] = []
    const errors: unknown[] = []
    const onError = (error: unknown) => errors.push(error)
    process.on('uncaughtException', onError)
    try {
      inTurn(() => {
        throw new Error('broken')
      })
      inTurn(() => log.push('after'))
      await settled()
    } finally {
      process.off('uncaughtException', onError)
    }
    expect(log).toEqual(['after'])
    expect(errors).toHaveLength(1)
  })
})
