// How a person is named to others in lists and answers: first name and first last name, whichever
// of the two they have.
import { expect, it } from 'vitest'
import { personName } from '#server/platform/person-name.ts'

it('joins the first name and the first last name, and leaves out what is missing', () => {
  expect(personName({ name: 'María José', first_lastname: 'Núñez' })).toBe('María José Núñez')
  expect(personName({ name: 'Ana', first_lastname: null })).toBe('Ana')
  expect(personName({ name: 'Ana', first_lastname: '' })).toBe('Ana')
  expect(personName({ name: null, first_lastname: 'Pérez' })).toBe('Pérez')
  expect(personName({ name: '', first_lastname: 'Pérez' })).toBe('Pérez')
  expect(personName({ name: null, first_lastname: null })).toBe('')
})
