// The sign-in page's address is read and written alike with and without the app's router, and never
// sends a family to another site once signed in.
import { describe, expect, it } from 'vitest'
import { safeRedirect, searchOf, signInPath } from '#client/features/auth/sign-in/sign-in-search.ts'

describe('the sign-in address', () => {
  it('reads what the router writes', () => {
    expect(searchOf('?redirect=%2Fapp%2Fprofile&ended=true&forgot=ana%40demo.test')).toEqual({
      redirect: '/app/profile',
      ended: true,
      forgot: 'ana@demo.test',
    })
    // An empty `forgot` opens the recovery form empty; a value the router quoted is read unquoted.
    expect(searchOf('?forgot=')).toEqual({ forgot: '' })
    expect(searchOf('?forgot=%22123%22')).toEqual({ forgot: '123' })
    // What is not a string where a string belongs is ignored.
    expect(searchOf('?redirect=42&ended=maybe')).toEqual({})
  })

  it('writes what it reads back', () => {
    for (const search of [
      {},
      { forgot: '' },
      { forgot: '123' },
      { redirect: '/app/events/7?x=1', ended: true },
    ]) {
      const path = signInPath(search)
      expect(path.startsWith('/auth/login')).toBe(true)
      expect(searchOf(path.slice('/auth/login'.length))).toEqual(search)
    }
    expect(signInPath({})).toBe('/auth/login')
  })
})

describe('safeRedirect', () => {
  it('keeps a path of this app', () => {
    expect(safeRedirect('/app/profile?tab=1')).toBe('/app/profile?tab=1')
  })

  it.each([
    undefined,
    '',
    'https://example.com',
    '//example.com/app',
    '/\\example.com',
    'javascript:alert(1)',
  ])('sends %s to the app instead', (target) => {
    expect(safeRedirect(target)).toBe('/app')
  })
})
