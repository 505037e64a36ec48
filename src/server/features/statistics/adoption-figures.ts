// Who uses the app: people per role who signed in or made a request lately (a token's last use is
// touched at most once a minute), and how many families installed it or allowed notifications.
import { type Kysely, sql } from 'kysely'
import { ROLE_KEYS } from '#shared/permissions.ts'
import type { ActiveByRole, Statistics } from '#shared/statistics.schema.ts'
import type { Database } from '../../db/schema.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

const DAY_MS = 86_400_000

/** Built-in roles in their usual order, then the college's own roles by name. */
function byRoleOrder(a: { role: string; name: string }, b: { role: string; name: string }): number {
  const rank = (key: string) => {
    const i = (ROLE_KEYS as readonly string[]).indexOf(key)
    return i === -1 ? ROLE_KEYS.length : i
  }
  return rank(a.role) - rank(b.role) || a.name.localeCompare(b.name)
}

export async function adoptionFigures(
  db: Kysely<Database>,
  collegeId: number,
  now: Date,
): Promise<Statistics['adoption']> {
  const scope = tenantScope(db, collegeId)
  const since7 = new Date(now.getTime() - 7 * DAY_MS).toISOString()
  const since30 = new Date(now.getTime() - 30 * DAY_MS).toISOString()
  // A person's latest use over all their devices.
  const lastUse = scope
    .selectFrom('access_tokens')
    .select((eb) => ['access_tokens.user_id', eb.fn.max('access_tokens.last_used_at').as('used_at')])
    .groupBy('access_tokens.user_id')
  const [perRole, families] = await Promise.all([
    scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .leftJoin(lastUse.as('t'), 't.user_id', 'users.id')
      .select((eb) => [
        'roles.key',
        'roles.name',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>(eb.case().when('t.used_at', '>=', since7).then(1).end()).as('active7'),
        eb.fn.count<number>(eb.case().when('t.used_at', '>=', since30).then(1).end()).as('active30'),
      ])
      .where('users.deactivated_at', 'is', null)
      .groupBy(['roles.id', 'roles.key', 'roles.name'])
      .execute(),
    scope
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .count<number>(
            eb
              .case()
              .when(
                eb.exists(
                  scope
                    .selectFrom('access_tokens')
                    .select('access_tokens.id')
                    .where('access_tokens.user_id', '=', sql.ref<number>('users.id'))
                    .where('access_tokens.installed_at', 'is not', null),
                ),
              )
              .then(1)
              .end(),
          )
          .as('installed'),
        eb.fn
          .count<number>(
            eb
              .case()
              .when(
                eb.exists(
                  scope
                    .selectFrom('push_subscriptions')
                    .select('push_subscriptions.id')
                    .where('push_subscriptions.user_id', '=', sql.ref<number>('users.id')),
                ),
              )
              .then(1)
              .end(),
          )
          .as('notifications_on'),
      ])
      .where('roles.key', '=', 'guardian')
      .where('users.deactivated_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  const rows = (active: 'active7' | 'active30'): ActiveByRole[] =>
    perRole
      .map((r) => ({ role: r.key, name: r.name, active: Number(r[active]), total: Number(r.total) }))
      .sort(byRoleOrder)
  return {
    last_7_days: rows('active7'),
    last_30_days: rows('active30'),
    families: {
      total: Number(families.total),
      installed: Number(families.installed),
      notifications_on: Number(families.notifications_on),
    },
  }
}
