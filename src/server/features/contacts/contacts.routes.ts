// The contact form of the public home page, and the /admin/contacts inbox (contacts.manage).
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  CONTACT_MAX_PER_HOUR,
  contactListQuerySchema,
  contactMessageSchema,
  contactReplySchema,
  contactStatusSchema,
} from '#shared/contacts.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { actorOf } from '../../platform/audit.ts'
import { requireAuth, requireCollegeMember, requirePermission, suspended } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { requestLocale } from '../../platform/i18n.ts'
import { logger } from '../../platform/logger.ts'
import { sendMail } from '../../platform/mail.ts'
import { describeMailError } from '../../platform/mail-errors.ts'
import { consumeAttempt } from '../../platform/rate-limit.ts'
import { requireCollege } from '../../platform/tenancy.ts'
import { pathId, readJson, validate } from '../../platform/validate.ts'
import {
  contactDetail,
  createContact,
  listContacts,
  recordReply,
  setContactStatus,
} from './contacts.service.ts'

export const contactsRoutes = new Hono<AppEnv>()

const HOUR_MS = 60 * 60 * 1000

/** A visitor writes to the college. Bots that fill the hidden field are answered the same, and ignored. */
contactsRoutes.post('/api/v1/college/contact-messages', async (c) => {
  const college = requireCollege(c)
  if (college.suspended_at) throw suspended()
  const input = validate(c, contactMessageSchema, await readJson(c))
  const sent = { message: translate(messages.contactSent, requestLocale(c)) }
  if (input.website.trim() !== '') {
    logger.info('contact form honeypot filled: ignored', { collegeId: college.id })
    return c.json(sent, 201)
  }
  const { db } = c.get('deps')
  await consumeAttempt(db, [
    { key: `contact:email:${college.id}:${input.email}`, max: CONTACT_MAX_PER_HOUR, windowMs: HOUR_MS },
    { key: `contact:client:${college.id}:${clientIp(c)}`, max: CONTACT_MAX_PER_HOUR * 2, windowMs: HOUR_MS },
  ])
  const { website: _honeypot, ...message } = input
  await createContact(db, college.id, message, undefined)
  return c.json(sent, 201)
})

contactsRoutes.use(
  '/api/v1/contact-messages',
  requireAuth,
  requireCollegeMember,
  requirePermission('contacts.manage'),
)
contactsRoutes.use(
  '/api/v1/contact-messages/*',
  requireAuth,
  requireCollegeMember,
  requirePermission('contacts.manage'),
)

const collegeOf = (c: Context<AppEnv>) => c.get('auth').user.college_id!

async function detailOr404(c: Context<AppEnv>, id: number) {
  const detail = await contactDetail(c.get('deps').db, collegeOf(c), id)
  if (!detail) throw notFound()
  return detail
}

contactsRoutes.get('/api/v1/contact-messages', async (c) => {
  const query = validate(c, contactListQuerySchema, c.req.query())
  return c.json(await listContacts(c.get('deps').db, collegeOf(c), query))
})

contactsRoutes.get('/api/v1/contact-messages/:id', async (c) => {
  return c.json(await detailOr404(c, pathId(c.req.param('id'))))
})

/** A contact noted by hand: a phone call, a visit to the office. */
contactsRoutes.post('/api/v1/contact-messages', async (c) => {
  const input = validate(c, contactMessageSchema, await readJson(c))
  const { website: _unused, ...message } = input
  const id = await createContact(c.get('deps').db, collegeOf(c), message, actorOf(c))
  return c.json(await detailOr404(c, id), 201)
})

contactsRoutes.post('/api/v1/contact-messages/:id/status', async (c) => {
  const id = pathId(c.req.param('id'))
  await detailOr404(c, id)
  const input = validate(c, contactStatusSchema, await readJson(c))
  await setContactStatus(c.get('deps').db, actorOf(c), id, input.status)
  return c.json(await detailOr404(c, id))
})

/**
 * Answers by mail through the college's SMTP. The answer is kept even when the mail does not go,
 * with the reason in plain words, so the secretary can try again without typing it twice.
 */
contactsRoutes.post('/api/v1/contact-messages/:id/replies', async (c) => {
  const id = pathId(c.req.param('id'))
  const contact = await detailOr404(c, id)
  const input = validate(c, contactReplySchema, await readJson(c))
  const college = requireCollege(c)
  const { db, config } = c.get('deps')
  const lang = requestLocale(c)
  let error: string | null = null
  try {
    await sendMail(
      college,
      {
        to: contact.email,
        subject: translate(messages.contactReplySubject, lang, { college: college.name }),
        text: input.body,
        replyTo: college.smtp_from || college.email || undefined,
      },
      { appKey: config.appKey, dataDir: config.dataDir },
    )
  } catch (failure) {
    const { descriptor, values } = describeMailError(failure, {
      host: college.smtp_host ?? '',
      port: college.smtp_port ?? 587,
    })
    error = translate(descriptor, lang, values)
    logger.warn('contact reply not delivered', { contactId: id, error: String(failure) })
  }
  await recordReply(db, actorOf(c), id, { body: input.body, delivered: error === null, error })
  return c.json(await detailOr404(c, id), 201)
})
