// The demo college's fees: an enrolment fee for everyone (paid for Tomás, overdue for Isidora), a
// monthly tuition for 1° Básico around today (last month paid online, this month due soon), and art
// materials with a scholarship discount. It pays through the built-in test provider.
import type { Kysely } from 'kysely'
import { todayIn } from '#shared/time-zones.ts'
import { takeVersion } from '../platform/sync-versions.ts'
import type { Database } from './schema.ts'

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export async function seedDemoFees(
  trx: Kysely<Database>,
  collegeId: number,
  ids: { users: Map<string, number>; grades: Map<string, number> },
  now: string,
): Promise<void> {
  await trx
    .updateTable('colleges')
    .set({ payment_provider: 'test', rut: '76.543.210-3', currency: 'CLP' })
    .where('id', '=', collegeId)
    .execute()
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const today = todayIn(timezone)
  const year = today.slice(0, 4)
  const firstBasic = ids.grades.get('1° Básico')!
  const fee = async (
    concept: string,
    type: string,
    amount: number,
    gradeId: number | null,
    start: number,
    due: number,
  ) =>
    (
      await trx
        .insertInto('fees')
        .values({
          college_id: collegeId,
          concept,
          type,
          amount,
          grade_id: gradeId,
          init_date: shift(today, start),
          end_date: shift(today, due),
          series_id: null,
          version: await takeVersion(trx, collegeId),
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const enrolment = await fee(`Matrícula ${year}`, 'enrolment', 120_000, null, -60, -30)
  const lastMonth = await fee('Mensualidad · mes anterior', 'tuition', 85_000, firstBasic, -35, -25)
  await fee('Mensualidad · este mes', 'tuition', 85_000, firstBasic, -5, 5)
  await fee('Mensualidad · próximo mes', 'tuition', 85_000, firstBasic, 25, 35)
  const materials = await fee('Materiales de arte', 'materials', 15_000, firstBasic, -2, 12)

  const tomas = ids.users.get('student@demo.test')!
  await trx
    .insertInto('fee_adjustments')
    .values({
      college_id: collegeId,
      fee_id: materials,
      student_id: tomas,
      kind: 'discount',
      discount: 5_000,
      reason: 'Beca de hermanos',
      created_by: ids.users.get('admin@demo.test')!,
      created_at: now,
    })
    .execute()
  const paid = async (
    id: string,
    code: string,
    feeId: number,
    amount: number,
    days: number,
    online: boolean,
  ) => {
    const at = new Date(Date.parse(now) + days * 86_400_000).toISOString()
    await trx
      .insertInto('payments')
      .values({
        id,
        college_id: collegeId,
        code,
        fee_id: feeId,
        student_id: tomas,
        payer_id: online ? ids.users.get('guardian@demo.test')! : null,
        recorded_by: online ? null : ids.users.get('admin@demo.test')!,
        amount,
        status: 'approved',
        method: online ? 'online' : 'transfer',
        provider: online ? 'test' : null,
        provider_token: null,
        authorization_code: online ? 'DEMO01' : null,
        card_last4: online ? '4242' : null,
        payment_type: online ? 'TEST' : null,
        response_code: online ? 0 : null,
        note: online ? '' : 'Transferencia Banco Estado',
        paid_at: at,
        expires_at: null,
        version: await takeVersion(trx, collegeId),
        created_at: at,
        updated_at: at,
      })
      .execute()
  }
  await paid('00000000-0000-7000-a000-000000000001', 'PDEMO000001', enrolment, 120_000, -40, false)
  await paid('00000000-0000-7000-a000-000000000002', 'PDEMO000002', lastMonth, 85_000, -27, true)
}
