import { Hono } from 'hono'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import {
  conversationFlagSchema,
  conversationInputSchema,
  messageInputSchema,
  messageReportSchema,
} from '#shared/messenger.schema.ts'
import { readReceiptSchema } from '#shared/posts.schema.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import type { AppEnv } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { readJson, validate } from '../../platform/validate.ts'
import {
  addMessage,
  createConversation,
  markConversationRead,
  setConversationClosed,
  setConversationMuted,
} from './conversations.service.ts'
import './message-push.ts'
import { reportMessage } from './message-reports.service.ts'
import { findContacts } from './messenger-rules.ts'

export const messengerRoutes = new Hono<AppEnv>()
for (const path of [
  '/api/v1/conversations',
  '/api/v1/conversations/*',
  '/api/v1/messages/*',
  '/api/v1/messenger/*',
])
  messengerRoutes.use(path, requireAuth, requireCollegeMember)

/** An id from the path: a UUID, or nothing this server could have stored. */
function uuidParam(value: string | undefined): string {
  if (!value || !UUID_PATTERN.test(value)) throw notFound()
  return value.toLowerCase()
}

const contactsQuery = v.object({
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
})

/** People this user may start a conversation with, found by name or email. */
messengerRoutes.get('/api/v1/messenger/contacts', requirePermission('messages.send'), async (c) => {
  const { q } = validate(c, contactsQuery, c.req.query())
  return c.json({ data: await findContacts(c.get('deps').db, c.get('auth').user, q) })
})

/** A conversation with its first message; a replay of the same ids answers 200 with what is stored. */
messengerRoutes.post('/api/v1/conversations', requirePermission('messages.send'), async (c) => {
  const input = validate(c, conversationInputSchema, await readJson(c))
  const written = await createConversation(c.get('deps').db, c.get('auth').user, {
    ...input,
    id: input.id.toLowerCase(),
    message_id: input.message_id.toLowerCase(),
  })
  const { created, ...answer } = written
  return c.json(answer, created ? 201 : 200)
})

messengerRoutes.post('/api/v1/conversations/:id/messages', requirePermission('messages.send'), async (c) => {
  const id = uuidParam(c.req.param('id'))
  const input = validate(c, messageInputSchema, await readJson(c))
  const { created, ...answer } = await addMessage(c.get('deps').db, c.get('auth').user, id, {
    ...input,
    id: input.id.toLowerCase(),
  })
  return c.json(answer, created ? 201 : 200)
})

messengerRoutes.post('/api/v1/conversations/:id/read', async (c) => {
  const id = uuidParam(c.req.param('id'))
  const { read_at } = validate(c, readReceiptSchema, await readJson(c))
  return c.json(await markConversationRead(c.get('deps').db, c.get('auth').user, id, read_at))
})

messengerRoutes.put('/api/v1/conversations/:id/closed', async (c) => {
  const id = uuidParam(c.req.param('id'))
  const { closed } = validate(c, conversationFlagSchema('closed'), await readJson(c))
  return c.json(await setConversationClosed(c.get('deps').db, c.get('auth').user, id, closed))
})

messengerRoutes.put('/api/v1/conversations/:id/muted', async (c) => {
  const id = uuidParam(c.req.param('id'))
  const { muted } = validate(c, conversationFlagSchema('muted'), await readJson(c))
  return c.json(await setConversationMuted(c.get('deps').db, c.get('auth').user, id, muted))
})

messengerRoutes.post('/api/v1/messages/:id/report', async (c) => {
  const id = uuidParam(c.req.param('id'))
  const { reason } = validate(c, messageReportSchema, await readJson(c))
  return c.json(await reportMessage(c.get('deps').db, c.get('college')!, c.get('auth').user, id, reason))
})
