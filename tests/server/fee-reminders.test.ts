// Overdue fees remind each guardian once a week at most, in their language, and never for a fee that
// is paid or waived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remindOverdueFees } from '../../src/server/features/payments/fee-reminders.ts'
import { userIdOf } from './helpers/http.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
const DAY = 86_400_000

describe(`fee reminders (${dialect})`, () => {
  let t: TestApp
  let collegeId: number
  let guardian: number
  let student: number
  beforeAll(async () => {
    t = await createTestApp()
    collegeId = (
      await t.db.selectFrom('colleges').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()
    ).id
    guardian = await userIdOf(t.db, 'guardian@demo.test')
    student = await userIdOf(t.db, 'student@demo.test')
  })
  afterAll(() => t.close())

  const remindersOf = (userId: number) =>
    t.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', userId)
      .where('send_id', 'is', null)
      .where('content', 'like', '%museo%')
      .execute()

  it('the demo family has paid everything overdue, so nobody is reminded', async () => {
    // Isidora owes the enrolment fee, but she has no guardian to remind.
    expect(await remindOverdueFees(t.db, collegeId)).toEqual([])
  })

  it('an overdue fee reminds the guardian once a week, in their language', async () => {
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', guardian).execute()
    const fee = await t.db
      .insertInto('fees')
      .values({
        college_id: collegeId,
        concept: 'Salida al museo',
        type: 'activity',
        amount: 8000,
        grade_id: null,
        init_date: '2026-01-01',
        end_date: '2026-02-01',
        series_id: null,
        version: 0,
        deleted_at: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const now = new Date()
    expect(await remindOverdueFees(t.db, collegeId, now)).toEqual([guardian])
    const [reminder] = await remindersOf(guardian)
    expect(reminder?.title).toBe('A school fee is overdue')
    expect(reminder?.content).toContain('Salida al museo for Tomás Apoderada was due on February 1, 2026')

    // The same day, and six days later: nothing more. Eight days later: once again.
    expect(await remindOverdueFees(t.db, collegeId, now)).toEqual([])
    expect(await remindOverdueFees(t.db, collegeId, new Date(now.getTime() + 6 * DAY))).toEqual([])
    expect(await remindOverdueFees(t.db, collegeId, new Date(now.getTime() + 8 * DAY))).toEqual([guardian])
    expect(await remindersOf(guardian)).toHaveLength(2)

    // Waived for Tomás: nothing to remind of, even with the weekly limit past.
    await t.db
      .insertInto('fee_adjustments')
      .values({
        college_id: collegeId,
        fee_id: fee.id,
        student_id: student,
        kind: 'exemption',
        discount: 8000,
        reason: 'Beca',
        created_by: null,
        created_at: now.toISOString(),
      })
      .execute()
    await t.db.deleteFrom('fee_reminders').execute()
    expect(await remindOverdueFees(t.db, collegeId, now)).toEqual([])
  })
})
