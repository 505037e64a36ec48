// The host and the bearer token as every request reads them (tenancy.ts, auth.ts): the quick way taken
// for what nearly every client sends gives what the full reading gives, and odd forms still read right.
import { expect, it } from 'vitest'
import { bearerTokenOf } from '#server/platform/auth.ts'
import { normalizeHost } from '#server/platform/tenancy.ts'

it('reads a host as the full reading does, with or without a port, in any case or form', () => {
  const cases: [string, string][] = [
    ['localhost', 'localhost'],
    ['localhost:4122', 'localhost'],
    ['beta.localhost:80', 'beta.localhost'],
    ['colegio-demo.example.cl', 'colegio-demo.example.cl'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['Colegio.Example.CL', 'colegio.example.cl'],
    ['colegio.example.cl.', 'colegio.example.cl'],
    ['colegio.example.cl.:443', 'colegio.example.cl'],
    [' colegio.example.cl ', 'colegio.example.cl'],
    ['a.example.cl, b.example.cl', 'a.example.cl'],
    ['[::1]:8080', '[::1]'],
    ['a..b', 'a..b'],
  ]
  for (const [raw, host] of cases) expect(normalizeHost(raw), raw).toBe(host)
  expect(normalizeHost(undefined)).toBe('')
  expect(normalizeHost('')).toBe('')
})

it('reads a bearer token however its scheme is written, and nothing else', () => {
  expect(bearerTokenOf('Bearer abc.DEF-123_x')).toBe('abc.DEF-123_x')
  expect(bearerTokenOf('bearer abc')).toBe('abc')
  expect(bearerTokenOf('BEARER   abc')).toBe('abc')
  expect(bearerTokenOf('Bearer  abc')).toBe('abc')
  expect(bearerTokenOf('Bearer abc def')).toBeUndefined()
  expect(bearerTokenOf('Bearer abc ')).toBeUndefined()
  expect(bearerTokenOf('Bearer ')).toBeUndefined()
  expect(bearerTokenOf('Basic abc')).toBeUndefined()
  expect(bearerTokenOf(undefined)).toBeUndefined()
})
