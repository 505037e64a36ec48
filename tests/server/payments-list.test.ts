// The payments screen's list and its CSV export (payments-list.ts): every filter and their mixes give
// exactly the payments they describe, newest first, over keyset pages, asked in any order (the list's
// statement is compiled once per mix of filters and must not mix them up).
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPayment } from '#shared/payments.schema.ts'
import { parseCsv } from '../../src/server/platform/csv.ts'
import { body, EN, userIdOf } from './helpers/http.ts'
import { createFee, recordPayment } from './helpers/payments.ts'
import { type DemoIds, demoIds } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string
let ids: DemoIds
const fees: Record<string, number> = {}

type Row = {
  id: string
  code: string
  status: string
  fee_id: number
  grade_id: number | null
  concept: string
  name: string
  first_lastname: string
  day: string
  created_at: string
}
let rows: Row[]

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
  ids = await demoIds(t)
  const tomas = await userIdOf(t.db, 'student@demo.test')
  const second = await userIdOf(t.db, 'student2@demo.test')
  fees.college = await createFee(t, admin, { concept: 'Anuario del colegio' })
  fees.grade1 = await createFee(t, admin, { concept: 'Salida a terreno 1° Básico', grade_id: ids.grade1 })
  fees.grade2 = await createFee(t, admin, { concept: 'Salida a terreno 2° Básico', grade_id: ids.grade2 })
  const paid: [number, number, string][] = [
    [fees.college, tomas, '2026-03-02'],
    [fees.college, second, '2026-03-31'],
    [fees.grade1, tomas, '2026-04-01'],
    [fees.grade2, second, '2026-04-15'],
  ]
  const recorded: string[] = []
  for (const [fee_id, student_id, paid_on] of paid) {
    const res = await recordPayment(t, admin, { id: uuidv7(), fee_id, student_id, paid_on })
    if (res.status !== 201) throw new Error(`recording a payment failed: ${res.status} ${await res.text()}`)
    recorded.push((await body<AdminPayment>(res)).id)
  }
  const refund = await t.request('POST', `/api/v1/payments/${recorded[1]}/refund`, {
    token: admin,
    json: { note: 'Pagado dos veces' },
    headers: EN,
  })
  expect(refund.status).toBe(200)
  rows = (await t.db
    .selectFrom('payments')
    .innerJoin('fees', 'fees.id', 'payments.fee_id')
    .innerJoin('users', 'users.id', 'payments.student_id')
    .select([
      'payments.id',
      'payments.code',
      'payments.status',
      'payments.fee_id',
      'fees.grade_id',
      'fees.concept',
      'users.name',
      'users.first_lastname',
      'payments.created_at',
    ])
    .select((eb) => eb.fn.coalesce('payments.paid_at', 'payments.created_at').as('day'))
    .where('payments.college_id', '=', ids.collegeId)
    .execute()) as Row[]
})
afterAll(() => t.close())

type Filters = Partial<Record<'q' | 'status' | 'grade' | 'fee' | 'from' | 'to', string>>

/** What the filters describe, worked out here from every payment of the college, newest first. */
function expected(f: Filters): string[] {
  const q = f.q?.toLowerCase()
  return rows
    .filter(
      (r) =>
        (!q ||
          [r.name, r.first_lastname, r.code, r.concept].some((text) => text.toLowerCase().includes(q))) &&
        (!f.status || r.status === f.status) &&
        (!f.grade || (f.grade === 'all' ? r.grade_id === null : r.grade_id === Number(f.grade))) &&
        (!f.fee || r.fee_id === Number(f.fee)) &&
        (!f.from || r.day >= `${f.from}T00:00:00.000Z`) &&
        (!f.to || r.day < `${f.to}T24`),
    )
    .sort((a, b) =>
      a.created_at === b.created_at ? b.id.localeCompare(a.id) : a.created_at < b.created_at ? 1 : -1,
    )
    .map((r) => r.id)
}

/** Every page of the list for the filters, two at a time. */
async function listed(f: Filters): Promise<string[]> {
  const seen: string[] = []
  let cursor: string | null = ''
  while (cursor !== null) {
    const query = new URLSearchParams({ ...f, limit: '2', ...(cursor ? { cursor } : {}) })
    const res = await t.request('GET', `/api/v1/payments?${query}`, { token: admin })
    expect(res.status, String(query)).toBe(200)
    const page = await body<{ data: AdminPayment[]; next_cursor: string | null }>(res)
    seen.push(...page.data.map((p) => p.id))
    cursor = page.next_cursor
  }
  return seen
}

describe('the payments list', () => {
  it('gives exactly what each filter and mix of filters describes, in any order they are asked', async () => {
    const mixes: Filters[] = [
      {},
      { status: 'approved' },
      { grade: 'all' },
      { grade: String(ids.grade1) },
      { fee: String(fees.college) },
      { from: '2026-03-31' },
      { to: '2026-03-31' },
      { from: '2026-03-02', to: '2026-04-01' },
      { q: 'terreno' },
      { q: 'TERRENO', grade: String(ids.grade2) },
      { q: 'anuario', from: '2026-03-03', status: 'approved' },
      { grade: 'all', fee: String(fees.college), to: '2026-03-30' },
      { status: 'pending', q: 'zzz' },
    ]
    for (const f of [...mixes, ...[...mixes].reverse()])
      expect(await listed(f), JSON.stringify(f)).toEqual(expected(f))
    // The mixes are not empty by accident: each filter keeps some payments and leaves out others.
    for (const f of mixes.slice(1, 10)) {
      expect(expected(f).length, JSON.stringify(f)).toBeGreaterThan(0)
      expect(expected(f).length, JSON.stringify(f)).toBeLessThan(rows.length)
    }
  })

  it('exports to CSV the payments the same filters describe', async () => {
    for (const f of [
      { grade: 'all' },
      { fee: String(fees.grade1) },
      { from: '2026-03-31', to: '2026-04-01' },
    ] as Filters[]) {
      const res = await t.request('GET', `/api/v1/payments/export.csv?${new URLSearchParams(f)}`, {
        token: admin,
        headers: EN,
      })
      expect(res.status).toBe(200)
      const [, ...lines] = parseCsv((await res.text()).replace(/^\uFEFF/, '')).map((r) => r.cells)
      const codes = expected(f).map((id) => rows.find((r) => r.id === id)!.code)
      expect(
        lines.map((l) => l[0]),
        JSON.stringify(f),
      ).toEqual(codes)
    }
  })
})
