import type { APIRequestContext } from '@playwright/test'
import { origin, PASSWORD } from './session.ts'

/** A token for calls the test makes itself (as an administrator would from another device). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${origin()}/api/login-mobile`, { data: { email, password: PASSWORD } })
  return ((await res.json()) as { token: string }).token
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }
}

/** A course the administrator adds to a grade (by the grade's name), as another device would. */
export async function createCourse(
  request: APIRequestContext,
  gradeName: string,
  courseName: string,
): Promise<{ id: number; remove: () => Promise<number> }> {
  const admin = await apiToken(request, 'admin@demo.test')
  const grades = (await (
    await request.get(`${origin()}/api/v1/grades`, { headers: bearer(admin) })
  ).json()) as {
    data: { id: number; name: string }[]
  }
  const grade = grades.data.find((g) => g.name === gradeName)!
  const created = await request.post(`${origin()}/api/v1/courses`, {
    headers: bearer(admin),
    data: { grade_id: grade.id, name: courseName },
  })
  const { id } = (await created.json()) as { id: number }
  return {
    id,
    remove: async () =>
      (await request.delete(`${origin()}/api/v1/courses/${id}`, { headers: bearer(admin) })).status(),
  }
}
