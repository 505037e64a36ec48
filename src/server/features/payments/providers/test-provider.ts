// The built-in test provider: a checkout page on our own server where the payer chooses to approve
// or reject, so the whole flow runs on a machine with no internet. It keeps its side of each checkout
// in its own table, as a real provider keeps it on its servers, and answers through the same interface.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { nowIso } from '../../../platform/clock.ts'
import { tenantScope } from '../../../platform/tenant-scope.ts'
import {
  type CheckoutRedirect,
  type CheckoutRequest,
  type PaymentProvider,
  ProviderError,
  type ProviderOutcome,
} from './payment-provider.ts'

export const TEST_CHECKOUT_PATH = '/payments/test-checkout'

export function testProvider(db: Kysely<Database>, collegeId: number): PaymentProvider {
  const scope = tenantScope(db, collegeId)
  const find = async (token: string) => {
    const row = await scope
      .selectFrom('test_checkouts')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst()
    if (!row) throw new ProviderError('refused', 'Unknown token')
    return row
  }
  const outcome = (
    row: Awaited<ReturnType<typeof find>>,
    status: ProviderOutcome['status'],
  ): ProviderOutcome => ({
    status,
    amount: row.amount,
    buyOrder: row.buy_order,
    authorizationCode: status === 'approved' ? row.token.slice(0, 6).toUpperCase() : null,
    cardLast4: status === 'approved' ? '4242' : null,
    paymentType: status === 'approved' ? 'TEST' : null,
    responseCode: status === 'approved' ? 0 : status === 'rejected' ? -1 : null,
  })
  const statusOf = (row: Awaited<ReturnType<typeof find>>) =>
    row.decision === 'approve' ? 'approved' : row.decision === 'reject' ? 'rejected' : 'pending'
  return {
    id: 'test',
    async create(request: CheckoutRequest): Promise<CheckoutRedirect> {
      const token = randomBytes(24).toString('hex')
      await scope
        .insertInto('test_checkouts', {
          token,
          buy_order: request.buyOrder,
          amount: request.amount,
          return_url: request.returnUrl,
          decision: null,
          committed_at: null,
          created_at: nowIso(),
        })
        .execute()
      return { token, url: TEST_CHECKOUT_PATH }
    },
    async commit(token: string): Promise<ProviderOutcome> {
      const row = await find(token)
      // Like Webpay: a checkout is committed once; asking again is an error the caller resolves by status.
      const done = await scope
        .updateTable('test_checkouts')
        .set({ committed_at: nowIso() })
        .where('token', '=', token)
        .where('committed_at', 'is', null)
        .where('decision', 'is not', null)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) === 0)
        throw new ProviderError(
          'refused',
          row.decision ? 'Transaction already committed' : 'Transaction not finished',
        )
      return outcome(row, statusOf(row))
    },
    async status(token: string): Promise<ProviderOutcome> {
      const row = await find(token)
      return outcome(row, statusOf(row))
    },
  }
}

/** The payer's choice on the test checkout page; once made it cannot change. */
export async function decideTestCheckout(
  db: Kysely<Database>,
  collegeId: number,
  token: string,
  decision: 'approve' | 'reject',
): Promise<{ returnUrl: string } | null> {
  const scope = tenantScope(db, collegeId)
  await scope
    .updateTable('test_checkouts')
    .set({ decision })
    .where('token', '=', token)
    .where('decision', 'is', null)
    .execute()
  const row = await scope
    .selectFrom('test_checkouts')
    .select('return_url')
    .where('token', '=', token)
    .executeTakeFirst()
  return row ? { returnUrl: row.return_url } : null
}

export async function testCheckoutOf(db: Kysely<Database>, collegeId: number, token: string) {
  return tenantScope(db, collegeId)
    .selectFrom('test_checkouts')
    .select(['token', 'buy_order', 'amount', 'decision'])
    .where('token', '=', token)
    .executeTakeFirst()
}
