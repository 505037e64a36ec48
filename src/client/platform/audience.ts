// Who a post or event is for, in words: "Whole college", "1° Básico", "1° Básico A, 1° Básico B".
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ALL, type Course, type Grade, type Post } from '#shared/posts.schema.ts'
import type { LocalDb } from './sync/local-db.ts'

export type Names = { grades: Map<number, string>; courses: Map<number, string> }

export async function targetNames(db: LocalDb): Promise<Names> {
  const [grades, courses] = await Promise.all([db.grades.toArray(), db.courses.toArray()])
  return {
    grades: new Map(grades.map((g: Grade) => [g.id, g.name])),
    courses: new Map(courses.map((c: Course) => [c.id, c.name])),
  }
}

const WHOLE_COLLEGE = msg`Whole college`

/** One per language: each card made its own, and a first Home drew twenty of them in one task. */
const lists = new Map<string, Intl.ListFormat>()

function listFormat(locale: string): Intl.ListFormat {
  let format = lists.get(locale)
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'narrow', type: 'conjunction' })
    lists.set(locale, format)
  }
  return format
}

/** The audience of a post or event; `undefined` names (the mirror still loading) read as nothing yet. */
export function audienceLabel(
  i18n: I18n,
  post: Pick<Post, 'grades' | 'courses'>,
  names: Names | undefined,
): string {
  if (post.grades.includes(ALL) && post.courses.includes(ALL)) return i18n._(WHOLE_COLLEGE)
  if (!names) return ''
  const pick = (ids: Post['grades'], map: Map<number, string>) =>
    ids.flatMap((id) => (id !== ALL && map.has(id) ? [map.get(id)!] : []))
  const list = post.courses.includes(ALL)
    ? pick(post.grades, names.grades)
    : pick(post.courses, names.courses)
  return listFormat(i18n.locale).format(list)
}
