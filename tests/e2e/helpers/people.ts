// A person made for one test (so what it sends them, like an emergency, reaches nobody else's
// screens), with the demo password set through their welcome link.
import { type APIRequestContext, expect } from '@playwright/test'
import { apiToken, bearer } from './api.ts'
import { mailsTo, passwordLinkIn } from './mail.ts'
import { origin, PASSWORD } from './session.ts'

export async function newPerson(
  request: APIRequestContext,
  person: { email: string; name: string; role: 'guardian' | 'student' | 'staff' },
): Promise<{ id: number; email: string; name: string }> {
  const admin = await apiToken(request, 'admin@demo.test')
  const roles = (await (
    await request.get(`${origin()}/api/v1/roles`, { headers: bearer(admin) })
  ).json()) as {
    data: { id: number; key: string }[]
  }
  const created = await request.post(`${origin()}/api/v1/users`, {
    headers: bearer(admin),
    data: {
      name: person.name,
      first_lastname: 'Prueba',
      email: person.email,
      role_id: roles.data.find((r) => r.key === person.role)!.id,
      send_welcome: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: 10_000 }).toBe(1)
  const link = new URL(passwordLinkIn((await mailsTo(person.email))[0]!))
  const reset = await request.post(`${origin()}/api/reset-password`, {
    data: {
      token: link.searchParams.get('token'),
      email: person.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  })
  expect(reset.status(), await reset.text()).toBeLessThan(300)
  return { id, email: person.email, name: person.name }
}

/** A family of a course: a student in it and their guardian, made for this test. */
export async function familyIn(request: APIRequestContext, courseId: number, tag: string) {
  const admin = await apiToken(request, 'admin@demo.test')
  const student = await newPerson(request, {
    email: `hijo-${tag}@demo.test`,
    name: `Hijo ${tag}`,
    role: 'student',
  })
  const guardian = await newPerson(request, {
    email: `apoderado-${tag}@demo.test`,
    name: `Apoderado ${tag}`,
    role: 'guardian',
  })
  const enrolled = await request.put(`${origin()}/api/v1/students/${student.id}/courses`, {
    headers: bearer(admin),
    data: { course_ids: [courseId] },
  })
  expect(enrolled.status()).toBe(200)
  const linked = await request.post(`${origin()}/api/v1/users/${guardian.id}/students`, {
    headers: bearer(admin),
    data: { student_id: student.id },
  })
  expect(linked.status()).toBe(200)
  return guardian
}
