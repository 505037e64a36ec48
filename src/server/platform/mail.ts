// Outgoing mail through the college's SMTP settings; without them, .eml files under data/mail/
// so a newcomer can open the message (and its link) on their own machine.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { College } from './context.ts'
import { logger } from './logger.ts'
import { decryptSecret } from './secrets.ts'

export type MailMessage = { to: string; subject: string; text: string; replyTo?: string }
export type MailResult = { transport: 'smtp' | 'file'; file?: string; response?: string }

/** How `smtp_secure` is stored: no encryption, TLS from the first byte (465), or STARTTLS (587). */
export const SMTP_SECURITY = { none: 0, tls: 1, starttls: 2 } as const
export type SmtpSecurity = keyof typeof SMTP_SECURITY

export type SmtpSettings = {
  host: string
  port: number
  security: SmtpSecurity
  user: string
  password: string
  from: string
  fromName: string
}

export function securityOf(stored: number): SmtpSecurity {
  return stored === SMTP_SECURITY.tls ? 'tls' : stored === SMTP_SECURITY.starttls ? 'starttls' : 'none'
}

/** The college's saved SMTP settings with the password decrypted, or undefined when mail goes to files. */
export function smtpSettingsOf(college: College, appKey: Buffer): SmtpSettings | undefined {
  if (!college.smtp_host) return undefined
  return {
    host: college.smtp_host,
    port: college.smtp_port ?? 587,
    security: securityOf(college.smtp_secure),
    user: college.smtp_user ?? '',
    password: college.smtp_password_enc ? decryptSecret(college.smtp_password_enc, appKey) : '',
    from: college.smtp_from || college.email || 'no-reply@localhost',
    fromName: college.smtp_from_name || college.name,
  }
}

function fromHeader(name: string, address: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`
}

/** One SMTP conversation with these settings; answers the server's last reply ("250 OK ..."). */
export async function sendSmtp(settings: SmtpSettings, message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  try {
    const info = await transport.sendMail({ from: fromHeader(settings.fromName, settings.from), ...message })
    return String(info.response ?? '')
  } finally {
    transport.close()
  }
}

export async function sendMail(
  college: College,
  message: MailMessage,
  options: { appKey: Buffer; dataDir: string },
): Promise<MailResult> {
  const settings = smtpSettingsOf(college, options.appKey)
  if (settings) return { transport: 'smtp', response: await sendSmtp(settings, message) }
  const from = fromHeader(
    college.smtp_from_name || college.name,
    college.smtp_from || college.email || 'no-reply@localhost',
  )
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail({ from, ...message })
  const dir = join(options.dataDir, 'mail')
  await mkdir(dir, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`)
  await writeFile(file, info.message as Buffer)
  logger.info('mail written to file (no SMTP settings for this college)', { to: message.to, file })
  return { transport: 'file', file }
}
