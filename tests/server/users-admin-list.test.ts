// The people list: search by name, email or RUT, filters by role, grade, course and status, sorts, and
// keyset pages that neither skip nor repeat anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '#shared/pagination.ts'
import { searchKey } from '#shared/search-key.ts'
import type { UserRow } from '#shared/users.schema.ts'
import { body, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { courseIdOf, gradeIdOf } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
const role: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  const roles = await body(await t.request('GET', '/api/v1/roles', { token: admin }))
  for (const r of roles.data) role[r.key] = r.id
  // Thirty more families, so the list has pages.
  for (let i = 0; i < 30; i++) {
    const res = await t.request('POST', '/api/v1/users', {
      token: admin,
      json: {
        name: `Persona ${String(i).padStart(2, '0')}`,
        first_lastname: i % 2 ? 'Zúñiga' : 'Álvarez',
        email: `persona${i}@demo.test`,
        role_id: role.guardian,
        send_welcome: false,
      },
    })
    if (res.status !== 201) throw new Error(await res.text())
  }
})
afterAll(async () => {
  await t.close()
})

async function list(query: string): Promise<Page<UserRow>> {
  const res = await t.request('GET', `/api/v1/users${query}`, { token: admin, headers: EN })
  expect(res.status, await res.clone().text()).toBe(200)
  return body<Page<UserRow>>(res)
}

const emails = (page: Page<UserRow>) => page.data.map((u) => u.email)

describe('searching', () => {
  it('finds people by first name, by name and last name together, case and accents as typed', async () => {
    expect(emails(await list('?q=tom%C3%A1s'))).toEqual(['student@demo.test'])
    expect(emails(await list('?q=ana%20administradora'))).toEqual(['admin@demo.test'])
    expect(emails(await list('?q=GABRIELA'))).toEqual(['guardian@demo.test'])
  })

  it('finds a name whatever its accents and the case of an accented letter, on either database', async () => {
    const count = async (q: string) => (await list(`?limit=100&q=${encodeURIComponent(q)}`)).data.length
    // Typed without accents: "zuniga" for "Zúñiga", "tomas" for "Tomás".
    expect(await count('zuniga')).toBe(15)
    expect(emails(await list('?q=tomas'))).toEqual(['student@demo.test'])
    // An accented capital typed in lower case, and the other way round ("Álvarez" is stored).
    expect(await count('álvarez')).toBe(15)
    expect(await count('ÁLVAREZ')).toBe(15)
    // Accents written as separate marks ("u" and a combining acute), as some keyboards send them.
    expect(await count('Zu\u0301n\u0303iga')).toBe(15)
  })

  it('finds people by email and by RUT with or without dots and dash', async () => {
    expect(emails(await list('?q=staff%40demo'))).toEqual(['staff@demo.test'])
    for (const q of ['11.111.111-1', '111111111', '11111111'])
      expect(emails(await list(`?q=${encodeURIComponent(q)}`)), q).toEqual(['admin@demo.test'])
  })

  it('finds nobody for a text nobody has, and treats % and _ as letters', async () => {
    expect((await list('?q=zzzz')).data).toEqual([])
    expect((await list('?q=%25')).data).toEqual([])
    expect((await list('?q=_')).data).toEqual([])
  })
})

describe('filters', () => {
  it('by role', async () => {
    const staff = await list(`?role=${role.staff}`)
    expect(emails(staff)).toEqual(['staff@demo.test'])
    expect(staff.data[0]!.role).toEqual({ id: role.staff, key: 'staff', name: 'Staff' })
  })

  it('by course and by grade: the students and their guardians', async () => {
    const course = await courseIdOf(t, '1° Básico A')
    const byCourse = emails(await list(`?course=${course}&sort=email`))
    expect(byCourse).toEqual(['guardian@demo.test', 'student@demo.test'])
    const grade = await gradeIdOf(t, '2° Básico')
    const byGrade = emails(await list(`?grade=${grade}&sort=email`))
    expect(byGrade).toEqual(['student2@demo.test'])
    const student = (await list(`?course=${course}&role=${role.student}`)).data[0]!
    expect(student.courses).toEqual([{ id: course, name: '1° Básico A' }])
  })

  it('by status: active people by default, the deactivated on request, or everyone', async () => {
    const id = await userIdOf(t.db, 'persona0@demo.test', 'demo')
    await t.request('POST', `/api/v1/users/${id}/deactivate`, { token: admin })
    expect(emails(await list('?q=persona0'))).toEqual([])
    expect(emails(await list('?q=persona0&status=inactive'))).toEqual(['persona0@demo.test'])
    expect((await list('?q=persona0&status=inactive')).data[0]!.active).toBe(false)
    expect(emails(await list('?q=persona&status=all&limit=100'))).toHaveLength(30)
  })

  it('refuses filters that are not ids or statuses with a 422 on the field', async () => {
    for (const [query, field] of [
      ['?role=abc', 'role'],
      ['?course=1.5', 'course'],
      ['?status=gone', 'status'],
      ['?sort=password_hash', 'sort'],
      ['?limit=0', 'limit'],
    ]) {
      const res = await t.request('GET', `/api/v1/users${query}`, { token: admin, headers: EN })
      expect(res.status, query).toBe(422)
      expect(Object.keys((await body<ErrorBody>(res)).errors ?? {}), query).toEqual([field])
    }
    expect((await list('?role=&course=')).data.length).toBeGreaterThan(0)
  })
})

describe('sorting and pages', () => {
  it('walks every page once, in order, for each sort in both directions', async () => {
    const everyone = (await list('?status=all&limit=100')).data.map((u) => u.id).sort()
    for (const sort of ['name', '-name', 'last_name', 'email', '-email', 'created_at', '-created_at']) {
      const seen: UserRow[] = []
      let cursor: string | null = null
      do {
        const page = await list(
          `?status=all&limit=7&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        expect(page.data.length).toBeLessThanOrEqual(7)
        seen.push(...page.data)
        cursor = page.next_cursor
      } while (cursor)
      expect(seen.map((u) => u.id).sort(), sort).toEqual(everyone)
      const key =
        sort.replace('-', '') === 'last_name' ? 'first_lastname' : (sort.replace('-', '') as keyof UserRow)
      const values = seen.map((u) => String(u[key]))
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      if (sort.startsWith('-')) sorted.reverse()
      // The database orders text its own way (byte order on SQLite, collation on PostgreSQL): what
      // matters is that the pages follow one order without gaps, checked above; the ASCII names here agree.
      if (key === 'email') expect(values, sort).toEqual(sorted)
    }
  })

  it('orders names as people read them, whatever their case and accents, page after page', async () => {
    for (const name of ['Zoe', 'Beatriz', 'Álvarez', 'alberto', 'Óscar', 'ana']) {
      const res = await t.request('POST', '/api/v1/users', {
        token: admin,
        json: {
          name,
          first_lastname: 'Ordenado',
          email: `${searchKey(name)}.ordenado@demo.test`,
          role_id: role.guardian,
          send_welcome: false,
        },
      })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    const walkNames = async (sort: string) => {
      const names: string[] = []
      let cursor: string | null = null
      do {
        const page = await list(
          `?q=ordenado&limit=2&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        names.push(...page.data.map((u) => u.name))
        cursor = page.next_cursor
      } while (cursor)
      return names
    }
    const read = ['alberto', 'Álvarez', 'ana', 'Beatriz', 'Óscar', 'Zoe']
    expect(await walkNames('name')).toEqual(read)
    expect(await walkNames('-name')).toEqual([...read].reverse())
    // By last name: the Álvarez family before the Zúñigas, not after them as "Á" is in bytes.
    const lastNames = (await list('?q=persona&status=all&limit=100&sort=last_name')).data.map(
      (u) => u.first_lastname,
    )
    expect(lastNames).toEqual([...Array(15).fill('Álvarez'), ...Array(15).fill('Zúñiga')])
  })

  it('starts over from the first page on a damaged cursor', async () => {
    const first = await list('?limit=5')
    expect(emails(await list('?limit=5&cursor=not-a-cursor'))).toEqual(emails(first))
  })
})
