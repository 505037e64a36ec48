// What a mail server's refusal means, in words a school secretary can act on.
import { messages } from '#shared/i18n/messages.ts'
import type { MessageDescriptor, Values } from '#shared/i18n/translate.ts'

type MailError = Error & { code?: string; response?: string; responseCode?: number; command?: string }

/** The server's own last answer, short: "535 5.7.8 Authentication failed". */
function answerOf(error: MailError): string {
  return (error.response ?? error.message).replace(/\s+/g, ' ').trim().slice(0, 300)
}

export function describeMailError(
  error: unknown,
  server: { host: string; port: number },
): { descriptor: MessageDescriptor; values: Values } {
  const e = (error instanceof Error ? error : new Error(String(error))) as MailError
  const values = { host: server.host, port: server.port, answer: answerOf(e) }
  const text = `${e.code ?? ''} ${e.message}`
  if (e.code === 'EAUTH') return { descriptor: messages.smtpAuth, values }
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return { descriptor: messages.smtpRejected, values }
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text))
    return { descriptor: messages.smtpHostUnknown, values }
  if (/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH/.test(text)) return { descriptor: messages.smtpRefused, values }
  if (e.code === 'ETLS' || /SSL|TLS|certificate|wrong version number/i.test(text))
    return { descriptor: messages.smtpTls, values }
  if (e.code === 'ETIMEDOUT' || e.code === 'ESOCKET' || e.code === 'ECONNECTION' || /timeout/i.test(text))
    return { descriptor: messages.smtpTimeout, values }
  if (e.responseCode && e.responseCode >= 500) return { descriptor: messages.smtpRejected, values }
  return { descriptor: messages.smtpFailed, values }
}
