import { anyOf } from './any-of.ts'
import { compiledOnce } from './compiled-once.ts'
import { tenantScope } from './tenant-scope.ts'

/** How a person is named to others: first name and first last name. */
export function personName(person: { name: string | null; first_lastname: string | null }): string {
  // Without an array and its join: asked for every name of every page of a list.
  const { name, first_lastname: lastname } = person
  return name && lastname ? `${name} ${lastname}` : name || lastname || ''
}

/** The names of some of a college's people (a page's authors, payers), in one statement compiled once. */
export const namesOfPeople = compiledOnce(
  (db, collegeId: number, ids: readonly number[]) =>
    tenantScope(db, collegeId)
      .selectFrom('users')
      .select(['id', 'name', 'first_lastname'])
      .where(anyOf(db, 'id', ids)),
  [-7_312, [-7_313]],
)
