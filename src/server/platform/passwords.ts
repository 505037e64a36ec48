import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { audit } from './audit.ts'
import { nowIso } from './clock.ts'

const KEY_LENGTH = 64
// N=2^14 keeps a sign-in under ~50 ms on these machines while staying costly to brute-force.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: PARAMS.maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/**
 * What an account holds until its person chooses a password from their welcome mail: no password
 * matches it, and making one costs nothing (an import of 2,000 families hashes nothing).
 */
export function unusablePassword(): string {
  return `unset$${randomBytes(12).toString('base64url')}`
}

/** Format: scrypt$N$r$p$salt$hash (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) {
    // An account whose password was never chosen (created by an administrator) takes as long to
    // refuse as any other.
    await burnPasswordCheck(password)
    return false
  }
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await prepareDummyHash())
}

/** Made at start, so the first sign-in to an unknown address costs what every other does. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password')
  return dummyHash
}

/**
 * Sets a new password and signs the account out everywhere, except on `keepTokenId` (the device that
 * changed it), and ends its calendar subscription address, with its audit row. Call inside the
 * caller's transaction.
 */
export async function replacePassword(
  trx: Kysely<Database>,
  user: { id: number; college_id: number | null },
  passwordHash: string,
  record: { action: string; ip: string; keepTokenId?: number },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', user.id)
    .execute()
  let tokens = trx.deleteFrom('access_tokens').where('user_id', '=', user.id)
  if (record.keepTokenId !== undefined) tokens = tokens.where('id', '!=', record.keepTokenId)
  await tokens.execute()
  // A private calendar address is a credential too: whoever asked for the reset may have lost it.
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute()
  await audit(trx, {
    collegeId: user.college_id,
    actorId: user.id,
    action: record.action,
    subjectType: 'user',
    subjectId: user.id,
    ip: record.ip,
  })
}
