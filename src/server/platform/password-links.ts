// One-time links that let a person choose a password: the recovery mail's (one hour) and the
// welcome mail of an account an administrator created (seven days). Only the hash is stored.
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { matchLocale, PASSWORD_RESET_TTL_MS, WELCOME_LINK_TTL_MS } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from './clock.ts'
import type { AppEnv, College } from './context.ts'
import { logger } from './logger.ts'
import { type MailMessage, sendMail } from './mail.ts'
import { randomToken, sha256 } from './secrets.ts'

/** The address the visitor used, as the public sees it (behind a trusted proxy, the proxy's). */
export function publicOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  const trust = c.get('deps').config.trustProxy
  const proto =
    (trust && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim()) || url.protocol.replace(':', '')
  const host =
    (trust && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host') || url.host
  return `${proto}://${host}`
}

export async function createPasswordReset(
  db: Kysely<Database>,
  user: { id: number; college_id: number | null },
  ttlMs = PASSWORD_RESET_TTL_MS,
): Promise<string> {
  const token = randomToken()
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: asking again invalidates the earlier ones.
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute()
    await trx
      .insertInto('password_resets')
      .values({
        college_id: user.college_id,
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + ttlMs).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute()
  })
  return token
}

export function passwordLink(origin: string, token: string, email: string, welcome = false): string {
  const query = `token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`
  return `${origin}/auth/reset-password?${query}${welcome ? '&welcome=1' : ''}`
}

type Person = { id: number; name: string; email: string; locale: string | null; college_id: number | null }

export function resetMail(college: College, user: Person, link: string, lang: string): MailMessage {
  return {
    to: user.email,
    subject: translate(messages.resetMailSubject, lang, { college: college.name }),
    text: translate(messages.resetMailBody, lang, { name: user.name, college: college.name, link }),
  }
}

export function welcomeMail(
  college: College,
  user: Person,
  link: string,
  origin: string,
  lang: string,
): MailMessage {
  return {
    to: user.email,
    subject: translate(messages.welcomeMailSubject, lang, { college: college.name }),
    text: translate(messages.welcomeMailBody, lang, {
      name: user.name,
      college: college.name,
      email: user.email,
      link,
      origin,
    }),
  }
}

/** The language a mail to this person is written in: theirs, else the college's. */
export function mailLanguage(user: { locale: string | null }, college: College): string {
  return matchLocale(user.locale) ?? matchLocale(college.language) ?? 'es'
}

/**
 * Sends in the background (the answer does not wait for the mail server) and logs the outcome;
 * `what` names the mail in the log.
 */
export function sendInBackground(
  c: Context<AppEnv>,
  college: College,
  mail: MailMessage,
  what: string,
  userId: number,
): void {
  const { config } = c.get('deps')
  void sendMail(college, mail, { appKey: config.appKey, dataDir: config.dataDir })
    .then(() => logger.info(`${what} mail sent`, { userId }))
    .catch((error: unknown) => logger.error(`${what} mail failed`, { userId, error: String(error) }))
}

async function welcomeFor(
  c: Context<AppEnv>,
  college: College,
  user: Person,
  origin = publicOrigin(c),
): Promise<MailMessage> {
  const token = await createPasswordReset(c.get('deps').db, user, WELCOME_LINK_TTL_MS)
  const link = passwordLink(origin, token, user.email, true)
  return welcomeMail(college, user, link, origin, mailLanguage(user, college))
}

/**
 * A new account's link to choose its password, mailed to them. `origin` is where they sign in: this
 * request's address, unless the account is made from elsewhere (the platform owner's screen).
 */
export async function sendWelcome(
  c: Context<AppEnv>,
  college: College,
  user: Person,
  origin?: string,
): Promise<void> {
  sendInBackground(c, college, await welcomeFor(c, college, user, origin), 'welcome', user.id)
}

/**
 * Welcome mails for many new accounts (an import), one after another after the answer: a school's
 * mail server is not sent 2,000 messages at once.
 */
export function sendWelcomes(c: Context<AppEnv>, college: College, people: Person[]): void {
  const { config } = c.get('deps')
  void (async () => {
    for (const person of people) {
      try {
        await sendMail(college, await welcomeFor(c, college, person), {
          appKey: config.appKey,
          dataDir: config.dataDir,
        })
      } catch (error) {
        logger.error('welcome mail failed', { userId: person.id, error: String(error) })
      }
    }
    logger.info('welcome mails sent', { count: people.length })
  })()
}

/** A password recovery link, mailed to the person (asked by them, or by an administrator for them). */
export async function sendPasswordReset(
  c: Context<AppEnv>,
  college: College,
  user: Person,
  lang: string,
): Promise<void> {
  const token = await createPasswordReset(c.get('deps').db, user)
  const link = passwordLink(publicOrigin(c), token, user.email)
  sendInBackground(c, college, resetMail(college, user, link, lang), 'password reset', user.id)
}
