import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { body, collegeIdOf, EN, type ErrorBody, userIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

type Page = {
  data: { id: string; title: string; created_at: string; emergency: boolean }[]
  next_cursor: string | null
}

let t: TestApp
let token: string
let expectedIds: string[]
beforeAll(async () => {
  t = await createTestApp()
  const demoId = await collegeIdOf(t.db, 'demo')
  const betaId = await collegeIdOf(t.db, 'beta')
  const guardian = await userIdOf(t.db, 'guardian@demo.test')
  const student = await userIdOf(t.db, 'student@demo.test')
  const betaGuardian = await userIdOf(t.db, 'guardian@beta.test')
  const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 2, day, hour)).toISOString()
  const row = (
    id: string,
    collegeId: number,
    userId: number,
    title: string,
    createdAt: string,
    emergency = 0,
  ) => ({
    id,
    college_id: collegeId,
    user_id: userId,
    title,
    content: `${title} content`,
    scope: 'user',
    emergency,
    read_at: null,
    created_at: createdAt,
  })
  await t.db
    .insertInto('notifications')
    .values([
      row('01900000-0000-7000-8000-000000000001', demoId, guardian, 'Reunión de apoderados', at(3)),
      row('01900000-0000-7000-8000-000000000002', demoId, guardian, 'Simulacro de evacuación', at(5), 1),
      row('01900000-0000-7000-8000-000000000003', demoId, guardian, 'Cuota de marzo', at(1)),
      // Two at the same instant: the id breaks the tie, so none is skipped or repeated across pages.
      row('01900000-0000-7000-8000-000000000004', demoId, guardian, 'Salida pedagógica A', at(4)),
      row('01900000-0000-7000-8000-000000000005', demoId, guardian, 'Salida pedagógica B', at(4)),
      // Someone else's, and another college's.
      row('01900000-0000-7000-8000-000000000006', demoId, student, 'Para el alumno', at(6)),
      row('01900000-0000-7000-8000-000000000007', betaId, betaGuardian, 'Beta notice', at(7)),
    ])
    .execute()
  const own = await t.db
    .selectFrom('notifications')
    .select(['id', 'created_at'])
    .where('user_id', '=', guardian)
    .execute()
  expectedIds = own
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .map((n) => n.id)
  token = await t.login('guardian@demo.test')
})
afterAll(async () => {
  await t.close()
})

async function list(query = '') {
  const res = await t.request('GET', `/api/v1/notifications${query}`, { token, headers: EN })
  return { res, page: (await res.json()) as Page }
}

describe('GET /api/v1/notifications', () => {
  it("lists the guardian's own notifications, newest first", async () => {
    const { res, page } = await list()
    expect(res.status).toBe(200)
    expect(page.next_cursor).toBeNull()
    // The seeded welcome notice (created today) plus the five inserted above.
    expect(page.data.map((n) => n.id)).toEqual(expectedIds)
    expect(expectedIds).toHaveLength(6)
    expect(page.data.slice(1).map((n) => n.title)).toEqual([
      'Simulacro de evacuación',
      'Salida pedagógica B',
      'Salida pedagógica A',
      'Reunión de apoderados',
      'Cuota de marzo',
    ])
    expect(page.data[1]).toEqual({
      id: '01900000-0000-7000-8000-000000000002',
      title: 'Simulacro de evacuación',
      content: 'Simulacro de evacuación content',
      scope: 'user',
      emergency: true,
      read_at: null,
      answer: null,
      answered_at: null,
      created_at: new Date(Date.UTC(2026, 2, 5, 9)).toISOString(),
    })
    expect(page.data.some((n) => n.title === 'Para el alumno' || n.title === 'Beta notice')).toBe(false)
  })

  it('walks every notification exactly once, two at a time', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const { res, page }: { res: Response; page: Page } = await list(
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(res.status).toBe(200)
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((n) => n.id))
      cursor = page.next_cursor
      pages += 1
      expect(pages).toBeLessThan(10)
    } while (cursor)
    expect(seen).toEqual(expectedIds)
    expect(pages).toBe(3)
  })

  it('reads a damaged cursor as the first page', async () => {
    const { res, page } = await list('?limit=2&cursor=not-a-real-cursor')
    expect(res.status).toBe(200)
    expect(page.data.map((n) => n.id)).toEqual(expectedIds.slice(0, 2))
  })

  it('caps a very large limit instead of refusing it', async () => {
    const { res, page } = await list('?limit=100000')
    expect(res.status).toBe(200)
    expect(page.data.map((n) => n.id)).toEqual(expectedIds)
  })

  it('answers an empty page, with no cursor, for a user without notifications', async () => {
    const company = await t.login('company@demo.test')
    await t.db
      .deleteFrom('notifications')
      .where('user_id', '=', await userIdOf(t.db, 'company@demo.test'))
      .execute()
    const res = await t.request('GET', '/api/v1/notifications', { token: company })
    expect(await body(res)).toEqual({ data: [], next_cursor: null })
  })

  it.each(['abc', '0', '-3', '1.5'])('answers 422 on limit for limit=%s', async (limit) => {
    const { res, page } = await list(`?limit=${limit}`)
    expect(res.status).toBe(422)
    expect(Object.keys((page as unknown as ErrorBody).errors ?? {})).toEqual(['limit'])
  })

  it('answers 401 without a token', async () => {
    const res = await t.request('GET', '/api/v1/notifications')
    expect(res.status).toBe(401)
  })
})
