// The device's search key and word match, which the lists searched on the device use (fee students,
// documents, processes, benefits, messenger) and the databases' search_key() follows.
import { describe, expect, it } from 'vitest'
import { holdsWords, searchKey } from '#shared/search-key.ts'

describe('searchKey', () => {
  it('drops case and accents, whether the accents come composed or as separate marks', () => {
    expect(searchKey('Núñez ÁLVAREZ')).toBe('nunez alvarez')
    expect(searchKey('Zu\u0301n\u0303iga')).toBe('zuniga')
    expect(searchKey('1° Básico')).toBe('1° basico')
  })
})

describe('holdsWords', () => {
  const student = 'Tomás Núñez 2° Básico A'
  it('finds a student by any of their words, in any order, typed without accents or case', () => {
    for (const typed of ['tomas', 'NUNEZ tomás', ' basico  tomas ', '2° básico a'])
      expect(holdsWords(student, typed), typed).toBe(true)
  })
  it('needs every word', () => {
    expect(holdsWords(student, 'tomas perez')).toBe(false)
    expect(holdsWords(student, '1° basico')).toBe(false)
  })
  it('holds an empty search', () => {
    expect(holdsWords(student, '')).toBe(true)
  })
})
