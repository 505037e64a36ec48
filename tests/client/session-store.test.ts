// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { loggedInAtom, tokenAtom, userAtom } from '#client/platform/session.ts'
import { store } from '#client/platform/store.ts'

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear()
    store.set(tokenAtom, undefined)
    store.set(userAtom, undefined)
  })

  it('is logged in only with a token that is neither undefined nor empty', () => {
    expect(store.get(loggedInAtom)).toBe(false)
    store.set(tokenAtom, '')
    expect(store.get(loggedInAtom)).toBe(false)
    store.set(tokenAtom, 'abc')
    expect(store.get(loggedInAtom)).toBe(true)
  })

  it('persists the token in localStorage under "token" and removes it on logout', () => {
    store.set(tokenAtom, 'secret-token')
    expect(localStorage.getItem('token')).toBe('secret-token')
    store.set(tokenAtom, undefined)
    expect(localStorage.getItem('token')).toBeNull()
  })
})
