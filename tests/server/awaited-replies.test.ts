// Numbered questions to other processes, settled by their answer or by the time limit.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { awaitedReplies } from '#server/platform/awaited-replies.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('awaitedReplies', () => {
  it('settles each question by its own number, and only once', async () => {
    const replies = awaitedReplies(1_000)
    const first = replies.ask()
    const second = replies.ask()
    expect(second.id).not.toBe(first.id)
    let secondDone = false
    void second.answered.then(() => {
      secondDone = true
    })
    replies.settle(first.id)
    await first.answered
    await Promise.resolve()
    expect(secondDone).toBe(false)
    replies.settle(first.id)
    replies.settle(second.id)
    await second.answered
  })

  it('gives up waiting at the time limit, not before', async () => {
    vi.useFakeTimers()
    const replies = awaitedReplies(1_000)
    let done = false
    void replies.ask().answered.then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })
})
