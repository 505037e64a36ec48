// The mails the e2e server writes as .eml files (it has no SMTP settings), and the links in them.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MAIL_DIR } from './session.ts'

export async function mailsTo(address: string): Promise<string[]> {
  const files = await readdir(MAIL_DIR).catch(() => [] as string[])
  const texts = await Promise.all(files.map((f) => readFile(join(MAIL_DIR, f), 'utf8')))
  return texts.filter((t) => t.includes(`To: ${address}`))
}

/** The set-password link of a recovery or welcome mail. */
export function passwordLinkIn(eml: string): string {
  // Quoted-printable soft line breaks and escapes would otherwise split or change the link.
  const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = unfolded.match(
    /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+&email=[^\s&]+(&welcome=1)?/,
  )
  if (!match) throw new Error(`no password link in mail:\n${eml}`)
  return match[0]
}
