// Outgoing mail through the college's SMTP settings; without them, .eml files under data/mail/
// so a newcomer can open the message (and its link) on their own machine.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { College } from './context.ts'
import { logger } from './logger.ts'
import { decryptSecret } from './secrets.ts'

export type MailMessage = { to: string; subject: string; text: string }
export type MailResult = { transport: 'smtp' | 'file'; file?: string }

function fromAddress(college: College): string {
  const address = college.smtp_from || college.email || 'no-reply@localhost'
  return `"${college.name.replace(/"/g, '')}" <${address}>`
}

export async function sendMail(
  college: College,
  message: MailMessage,
  options: { appKey: Buffer; dataDir: string },
): Promise<MailResult> {
  const from = fromAddress(college)
  if (college.smtp_host) {
    const transport = nodemailer.createTransport({
      host: college.smtp_host,
      port: college.smtp_port ?? 587,
      secure: college.smtp_secure === 1,
      auth: college.smtp_user
        ? {
            user: college.smtp_user,
            pass: college.smtp_password_enc ? decryptSecret(college.smtp_password_enc, options.appKey) : '',
          }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    })
    await transport.sendMail({ from, ...message })
    return { transport: 'smtp' }
  }
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
