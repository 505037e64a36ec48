import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isRtl, matchLocale, negotiateLocale } from '#shared/constants.ts'
import { isValidRut } from '#shared/rut.ts'
import { passwordChangeSchema, profileSchema } from '#shared/users.schema.ts'

describe('languages', () => {
  it('maps the default en-US to en and finds the closest supported language', () => {
    expect(matchLocale('en-US')).toBe('en')
    expect(matchLocale('es-MX')).toBe('es-MX')
    expect(matchLocale('es-CL')).toBe('es')
    expect(matchLocale('zh')).toBe('zh-CN')
    expect(matchLocale('pt')).toBeUndefined()
    expect(negotiateLocale('pt-BR, fr;q=0.8, de;q=0.9')).toBe('de')
  })

  it('uses right-to-left for the spec codes only', () => {
    for (const code of ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'])
      expect(isRtl(code)).toBe(true)
    for (const code of ['en', 'es-MX', 'zh-CN', 'fr', 'de']) expect(isRtl(code)).toBe(false)
  })
})

describe('RUT', () => {
  it('accepts a RUT with its right check digit, with or without dots, and refuses a wrong one', () => {
    expect(isValidRut('11.111.111-1')).toBe(true)
    expect(isValidRut('12345678-5')).toBe(true)
    expect(isValidRut('10.000.013-K')).toBe(true)
    expect(isValidRut('11.111.111-2')).toBe(false)
    expect(isValidRut('abc')).toBe(false)
  })
})

describe('profile and password rules (the same on both sides)', () => {
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input, { abortPipeEarly: true })
    return result.success ? {} : v.flatten(result.issues).nested
  }

  it('says what the spec says for each field', () => {
    expect(messages(profileSchema, { name: ' ', email: 'x', rut: '11.111.111-2' })).toEqual({
      name: ['Your name is required'],
      email: ['Please enter a valid email address'],
      rut: ['Please enter a valid RUT'],
    })
    expect(
      messages(passwordChangeSchema, { current_password: '', password: 'short', password_confirmation: '' }),
    ).toEqual({
      current_password: ['field required.'],
      password: ['Password must be at least 8 characters long'],
    })
    expect(
      messages(passwordChangeSchema, {
        current_password: 'x',
        password: 'long-enough',
        password_confirmation: 'other',
      }),
    ).toEqual({ password_confirmation: ['Passwords do not match'] })
  })

  it("draws the password line exactly at the spec's 8 characters: 7 is refused, 8 is enough", () => {
    const attempt = (password: string) =>
      messages(passwordChangeSchema, { current_password: 'x', password, password_confirmation: password })
    expect(attempt('1234567')).toEqual({ password: ['Password must be at least 8 characters long'] })
    expect(attempt('12345678')).toEqual({})
  })
})
