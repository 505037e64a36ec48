// @vitest-environment jsdom
// A screen follows the mirror as it opens: even when it opens after the screen's first render but before
// the screen's effects run (a screen whose code was already loaded, opened offline), which used to
// leave the screen reading no mirror at all, showing an empty home.
import 'fake-indexeddb/auto'
import { act, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { closeLocalDb, openLocalDb } from '#client/platform/sync/local-db.ts'
import { useLocalDb } from '#client/platform/sync/use-local-query.ts'

// React's act() needs to know it runs in a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => closeLocalDb())

function Reader({ seen }: { seen: (name: string | undefined) => void }) {
  seen(useLocalDb()?.name)
  return null
}

/** Opens the mirror after the first render and before any passive effect, as the engine may. */
function OpensTheMirror() {
  useLayoutEffect(() => {
    openLocalDb(4242)
  }, [])
  return null
}

describe('useLocalDb', () => {
  it('sees a mirror opened between the first render and the effects', async () => {
    const names: (string | undefined)[] = []
    const root = createRoot(document.createElement('div'))
    await act(async () => {
      root.render(
        <>
          <Reader seen={(name) => names.push(name)} />
          <OpensTheMirror />
        </>,
      )
    })
    expect(names[0]).toBeUndefined()
    expect(names.at(-1)).toMatch(/4242$/)
    await act(async () => closeLocalDb())
    expect(names.at(-1)).toBeUndefined()
    await act(async () => root.unmount())
  })
})
