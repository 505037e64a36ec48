// A page's limit is written into the statement's text on PostgreSQL (pg-stable-plans.ts), so the
// statement is planned once rather than on every run; nothing else in the text or values changes.
import { expect, it } from 'vitest'
import { limitWritten } from '#server/db/pg-stable-plans.ts'

it("writes a trailing limit's number into the text and drops its value", () => {
  expect(
    limitWritten('select * from "users" where "college_id" = $1 order by "name" limit $2', [1, 21]),
  ).toEqual({
    text: 'select * from "users" where "college_id" = $1 order by "name" limit 21',
    values: [1],
  })
  expect(limitWritten('select 1 limit $1', [0])).toEqual({ text: 'select 1 limit 0', values: [] })
})

it('leaves any other statement as it is', () => {
  for (const [text, values] of [
    // Not the last parameter, an offset after it, no limit, a limit inside a text.
    ['select * from t where a = $2 limit $1', [5, 1]],
    ['select * from t limit $1 offset $2', [5, 10]],
    ['select * from t where a = $1', [1]],
    ["select 'limit $1' from t where a = $1", [1]],
    // A value that is not a small whole number stays bound, for the database to judge.
    ['select * from t limit $1', ['5']],
    ['select * from t limit $1', [2.5]],
    ['select * from t limit $1', [-1]],
    ['select * from t limit $1', [1_000_000]],
    ['select * from t limit $1', [null]],
  ] as [string, unknown[]][])
    expect(limitWritten(text, values), text).toEqual({ text, values })
})
