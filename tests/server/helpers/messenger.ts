// Messages as a client writes them: a new conversation with its first message, and a reply.
import { v7 as uuidv7 } from 'uuid'
import type { Conversation, ConversationInput, Message } from '#shared/messenger.schema.ts'
import { EN } from './http.ts'
import type { TestApp } from './test-app.ts'

export type Written = { conversation: Conversation; message: Message }

export function conversationInput(overrides: Partial<ConversationInput> = {}): ConversationInput {
  return { id: uuidv7(), message_id: uuidv7(), scope: 'users', body: 'Hola, ¿cómo va Tomás?', ...overrides }
}

export function startConversation(
  t: TestApp,
  token: string,
  input: Partial<ConversationInput>,
  host?: string,
) {
  return t.request('POST', '/api/v1/conversations', {
    token,
    host,
    headers: EN,
    json: conversationInput(input),
  })
}

export function reply(
  t: TestApp,
  token: string,
  conversationId: string,
  input: { id?: string; body?: string; private_to?: number | null; attachment_ids?: string[] } = {},
) {
  return t.request('POST', `/api/v1/conversations/${conversationId}/messages`, {
    token,
    headers: EN,
    json: { id: uuidv7(), body: 'Gracias', ...input },
  })
}
