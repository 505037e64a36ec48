// The roles, grades and courses the people screens filter and choose by, read once per screen.
import { useLingui } from '@lingui/react/macro'
import type { Course, Grade } from '#shared/posts.schema.ts'
import type { Role } from '#shared/roles.schema.ts'
import { type Remote, useRemote } from '../../platform/remote.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import type { SelectOption } from '../../ui/select.tsx'

/** The grades and courses to choose from (the notification screens need no roles). */
export type GradeChoices = {
  grades: Remote<{ data: Grade[]; courses: Course[] }>
  gradeOptions: SelectOption[]
  /** Courses named with their grade when the course name does not already say it. */
  courseOptions: SelectOption[]
}

export type Choices = GradeChoices & {
  roles: Remote<{ data: Role[] }>
  roleOptions: SelectOption[]
}

export function useGradeChoices(): GradeChoices {
  const grades = useRemote<{ data: Grade[]; courses: Course[] }>('api/v1/grades')
  const gradeName = new Map(grades.data?.data.map((g) => [g.id, g.name]))
  return {
    grades,
    gradeOptions: (grades.data?.data ?? []).map((g) => ({ id: g.id, name: g.name })),
    courseOptions: (grades.data?.courses ?? []).map((c) => {
      const grade = gradeName.get(c.grade_id) ?? ''
      return { id: c.id, name: c.name.startsWith(grade) ? c.name : `${grade} · ${c.name}` }
    }),
  }
}

export function useCollegeChoices(): Choices {
  const { i18n } = useLingui()
  const roles = useRemote<{ data: Role[] }>('api/v1/roles')
  return {
    ...useGradeChoices(),
    roles,
    roleOptions: (roles.data?.data ?? []).map((r) => ({ id: r.id, name: roleLabel(i18n, r) })),
  }
}
