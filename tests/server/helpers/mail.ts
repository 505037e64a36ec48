// Reads the .eml files the server writes when a college has no SMTP settings, and raw SMTP messages.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eventually } from './http.ts'

export type ReadMail = { file?: string; headers: Record<string, string>; text: string }

function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Decodes RFC 2047 words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

/** A single-part text message, as nodemailer writes it. */
export function parseMail(raw: string): ReadMail {
  const normalized = raw.replace(/\r\n/g, '\n')
  const split = normalized.indexOf('\n\n')
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const rest = normalized.slice(split + 2)
  const headers: Record<string, string> = {}
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeHeader(line.slice(colon + 1).trim())
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rest)
      : encoding === 'base64'
        ? Buffer.from(rest, 'base64').toString('utf8')
        : rest
  return { headers, text }
}

async function mailFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'mail')))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => join(dataDir, 'mail', f))
  } catch {
    return []
  }
}

/** Every mail file written so far: pass it to `waitForMailFile` to wait only for newer ones. */
export async function existingMailFiles(dataDir: string): Promise<Set<string>> {
  return new Set(await mailFiles(dataDir))
}

/** Waits (the mail is sent without awaiting) for a new .eml file addressed to `to`. */
export async function waitForMailFile(
  dataDir: string,
  to: string,
  seen = new Set<string>(),
  timeoutMs = 5000,
) {
  return eventually(async () => {
    for (const file of await mailFiles(dataDir)) {
      if (seen.has(file)) continue
      const mail = parseMail(await readFile(file, 'utf8'))
      if (mail.headers.to?.includes(to)) return { ...mail, file }
    }
    return undefined
  }, timeoutMs)
}

/** The reset link of a password recovery mail, with its token and email. */
export function resetLinkIn(text: string): { url: URL; token: string; email: string } {
  const match = text.match(/https?:\/\/\S+\/auth\/reset-password\?\S+/)
  if (!match) throw new Error(`no reset link in mail:\n${text}`)
  const url = new URL(match[0])
  return { url, token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' }
}
