/** How a person is named to others: first name and first last name. */
export function personName(person: { name: string | null; first_lastname: string | null }): string {
  return [person.name, person.first_lastname].filter(Boolean).join(' ')
}
