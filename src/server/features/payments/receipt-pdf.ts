// The receipt of an approved payment as a one-page PDF, in the payer's language. Made on the server so
// every family gets the same document, and stable: the same payment always gives the same bytes.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { type MessageDescriptor, translate, type Values } from '#shared/i18n/translate.ts'
import { formatMoney } from '#shared/money.ts'
import { receiptMessages as m } from './receipt-messages.ts'

export type ReceiptData = {
  /** The payer's language, e.g. 'es', 'en', 'es-MX', 'de', 'fr', 'ar', 'zh-CN'. */
  lang: string
  /** The college's IANA time zone, e.g. 'America/Santiago'. */
  timeZone: string
  /** ISO 4217, e.g. 'CLP'. */
  currency: string
  /** `logo`: any image sharp reads (PNG, JPEG, WebP, SVG…); one it cannot read is left out. */
  college: { name: string; rut: string; address: string; logo: Buffer | null }
  payment: {
    code: string
    concept: string
    studentName: string
    payerName: string
    amount: number
    /** ISO instant (UTC). */
    paidAt: string
    method: 'online' | 'cash' | 'transfer'
    /** e.g. 'Webpay Plus'. */
    provider: string | null
    authorizationCode: string | null
    cardLast4: string | null
  }
}

// The little of pdfkit this file uses: @types/pdfkit is not among the project's packages, and
// requiring it keeps the import typed the same way whether those types get installed or not.
type TextOptions = {
  width?: number
  height?: number
  ellipsis?: boolean
  align?: 'left' | 'center' | 'right'
  lineGap?: number
  features?: string[]
}
interface PdfDoc {
  page: {
    width: number
    height: number
    margins: { top: number; left: number; right: number; bottom: number }
  }
  y: number
  registerFont(name: string, src: Buffer): PdfDoc
  font(name: string): PdfDoc
  fontSize(size: number): PdfDoc
  fillColor(color: string): PdfDoc
  strokeColor(color: string): PdfDoc
  lineWidth(width: number): PdfDoc
  text(text: string, x: number, y: number, options?: TextOptions): PdfDoc
  heightOfString(text: string, options?: TextOptions): number
  image(src: Buffer, x: number, y: number, options?: { fit?: [number, number] }): PdfDoc
  moveTo(x: number, y: number): PdfDoc
  lineTo(x: number, y: number): PdfDoc
  stroke(): PdfDoc
  roundedRect(x: number, y: number, w: number, h: number, r: number): PdfDoc
  fill(color?: string): PdfDoc
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDoc
  on(event: 'end', listener: () => void): PdfDoc
  on(event: 'error', listener: (error: Error) => void): PdfDoc
  end(): void
}
type PdfDocOptions = {
  size: string
  margin: number
  font: Buffer
  lang: string
  displayTitle: boolean
  info: { Title: string; Author: string; Subject: string; Creator: string; CreationDate: Date }
}

const require = createRequire(import.meta.url)
const PDFDocument = require('pdfkit') as new (options: PdfDocOptions) => PdfDoc

// pdfkit's built-in Helvetica only has WinAnsi (no Ž, Ł, Greek, Cyrillic…); DejaVu has them, and the
// package is resolved from this file so the server finds it whatever directory it started in.
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
let fonts: { regular: Buffer; bold: Buffer } | undefined
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  })

// pdfkit lays text out left to right only, and DejaVu has no Chinese, Japanese or Korean: labels in
// Arabic would come out in the wrong order and Chinese ones as empty boxes, so those languages get
// the English receipt (numbers and dates too, to match). The payer's own data is printed as given.
const UNPRINTABLE_LANGUAGES = /^(ar|fa|he|ur|zh|ja|ko)(-|$)/i
function printableLocale(lang: string): string {
  if (UNPRINTABLE_LANGUAGES.test(lang)) return 'en'
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

// A name written only in Arabic or Hebrew letters is shaped as one run, which fontkit reverses into
// reading order; pdfkit's default word-by-word shaping would put its words left to right. Text mixing
// both directions is left as it is (that needs a full bidi algorithm).
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/
const LTR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u
const directionOptions = (text: string): TextOptions =>
  RTL.test(text) && !LTR.test(text) ? { features: [] } : {}

const LOGO_PX = 160
async function logoPng(logo: Buffer | null): Promise<Buffer | null> {
  if (!logo?.length) return null
  try {
    const { format, width = 0, height = 0 } = await sharp(logo).metadata()
    // An SVG is drawn at the resolution asked for, not enlarged from its 72 dpi size afterwards.
    const density =
      format === 'svg' && width && height
        ? Math.min(2400, Math.max(1, (72 * LOGO_PX) / Math.max(width, height)))
        : undefined
    return await sharp(logo, density ? { density } : {})
      .rotate()
      .resize(LOGO_PX, LOGO_PX, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png()
      .toBuffer()
  } catch {
    return null
  }
}

const INK = '#1f2937'
const MUTED = '#6b7280'
const RULE = '#e5e7eb'
const PANEL = '#f3f4f6'

export async function receiptPdf(data: ReceiptData): Promise<Buffer> {
  const { college, payment } = data
  const locale = printableLocale(data.lang)
  const t = (descriptor: MessageDescriptor, values?: Values) => translate(descriptor, locale, values)
  const logo = await logoPng(college.logo)
  const paidAt = new Date(payment.paidAt)
  const title = t(m.title)

  const amount = formatMoney(payment.amount, data.currency, locale)
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: data.timeZone,
  }).format(paidAt)
  const method =
    payment.method === 'cash'
      ? t(m.methodCash)
      : payment.method === 'transfer'
        ? t(m.methodTransfer)
        : payment.provider
          ? t(m.methodOnline, { provider: payment.provider })
          : t(m.methodOnlinePlain)
  const card = payment.cardLast4?.trim()
  const rows: [label: string, value: string][] = [
    [t(m.code), payment.code],
    [t(m.paidAt), date],
    [t(m.student), payment.studentName],
    [t(m.payer), payment.payerName],
    [t(m.concept), payment.concept],
    [t(m.method), card ? `${method}\n${t(m.cardEnding, { digits: card })}` : method],
    [t(m.authorizationCode), payment.authorizationCode?.trim() ?? ''],
  ]

  const { regular, bold } = loadFonts()
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    font: regular,
    lang: locale,
    displayTitle: true,
    // The creation date is the payment's, which also fixes the file's ID: the same payment, the same file.
    info: {
      Title: `${title} ${payment.code}`,
      Author: college.name,
      Subject: payment.concept,
      Creator: college.name,
      CreationDate: paidAt,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', regular).registerFont('bold', bold)

  const { margins, width: pageWidth, height: pageHeight } = doc.page
  const left = margins.left
  const right = pageWidth - margins.right
  const contentWidth = right - left
  // Heights are capped (with an ellipsis) so a very long name or concept cannot push it to a second page.
  const write = (
    text: string,
    x: number,
    y: number,
    width: number,
    lines: number,
    options: TextOptions = {},
  ) => {
    const lineHeight = doc.heightOfString('X', { width })
    const height = Math.min(doc.heightOfString(text, { width, ...options }), lines * lineHeight)
    doc.text(text, x, y, { width, height, ellipsis: true, ...directionOptions(text), ...options })
    return y + height
  }

  // The college: logo, name, RUT and address.
  const top = margins.top
  const logoSize = 64
  let logoBottom = top
  let textLeft = left
  if (logo) {
    try {
      doc.image(logo, left, top, { fit: [logoSize, logoSize] })
      logoBottom = top + logoSize
      textLeft = left + logoSize + 16
    } catch {
      // A picture pdfkit cannot place is left out like one sharp cannot read.
    }
  }
  const textWidth = right - textLeft
  doc.font('bold').fontSize(15).fillColor(INK)
  let y = write(college.name, textLeft, top, textWidth, 2) + 4
  doc.font('regular').fontSize(10).fillColor(MUTED)
  if (college.rut.trim())
    y = write(t(m.collegeRut, { rut: college.rut.trim() }), textLeft, y, textWidth, 1) + 2
  if (college.address.trim()) y = write(college.address.trim(), textLeft, y, textWidth, 2)
  y = Math.max(y, logoBottom) + 18
  doc.strokeColor(RULE).lineWidth(1).moveTo(left, y).lineTo(right, y).stroke()

  // Title, then the amount in a panel of its own: what a family looks for first.
  y += 24
  doc.font('bold').fontSize(20).fillColor(INK)
  y = write(title, left, y, contentWidth, 1) + 16
  const panelPadding = 14
  doc.font('regular').fontSize(10)
  const amountLabelHeight = doc.heightOfString(t(m.amount), { width: contentWidth })
  doc.font('bold').fontSize(26)
  const amountHeight = doc.heightOfString(amount, { width: contentWidth })
  const panelHeight = panelPadding * 2 + amountLabelHeight + 4 + amountHeight
  doc.roundedRect(left, y, contentWidth, panelHeight, 6).fill(PANEL)
  doc.font('regular').fontSize(10).fillColor(MUTED)
  write(t(m.amount), left + panelPadding, y + panelPadding, contentWidth - 2 * panelPadding, 1)
  doc.font('bold').fontSize(26).fillColor(INK)
  write(
    amount,
    left + panelPadding,
    y + panelPadding + amountLabelHeight + 4,
    contentWidth - 2 * panelPadding,
    1,
  )
  y += panelHeight + 12

  // The details, one row each; a field that is empty has no row.
  const labelWidth = 150
  const valueLeft = left + labelWidth + 12
  const valueWidth = right - valueLeft
  const rowPadding = 9
  for (const [label, value] of rows) {
    if (!value.trim()) continue
    const rowTop = y + rowPadding
    doc.font('regular').fontSize(10).fillColor(MUTED)
    const labelBottom = write(label, left, rowTop + 1, labelWidth, 2)
    doc.font('regular').fontSize(11).fillColor(INK)
    const valueBottom = write(value, valueLeft, rowTop, valueWidth, 4)
    y = Math.max(labelBottom, valueBottom) + rowPadding
    doc.strokeColor(RULE).lineWidth(0.75).moveTo(left, y).lineTo(right, y).stroke()
  }

  // The footer sits on the bottom margin: writing below it would make pdfkit start a new page.
  const footer = t(m.footer, { college: college.name })
  doc.font('regular').fontSize(9).fillColor(MUTED)
  const footerHeight = Math.min(doc.heightOfString(footer, { width: contentWidth, align: 'center' }), 30)
  write(footer, left, pageHeight - margins.bottom - footerHeight, contentWidth, 2, { align: 'center' })

  doc.end()
  return done
}
