// Payment receipts: one A4 page whose text (names with accents included) survives extraction, amounts
// and dates in the payer's language, only the rows that apply, and a logo that cannot break it.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { interpolate, setTranslator } from '#shared/i18n/translate.ts'
import { type ReceiptData, receiptPdf } from '../../src/server/features/payments/receipt-pdf.ts'

// The PDF keeps Intl's no-break spaces (its ToUnicode map says U+00A0), but pdf.js reads them back as plain ones.
const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

type Extracted = { pages: number; text: string; images: number; info: Record<string, unknown> }

async function extract(pdf: Buffer): Promise<Extracted> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 })
  const doc = await task.promise
  const page = await doc.getPage(1)
  const content = await page.getTextContent()
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n')
  const operators = await page.getOperatorList()
  const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length
  const { info } = await doc.getMetadata()
  const pages = doc.numPages
  await task.destroy()
  return { pages, text, images, info: info as Record<string, unknown> }
}

describe('payment receipt PDF', () => {
  let logo: Buffer
  beforeAll(async () => {
    logo = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#1d4ed8' } })
      .png()
      .toBuffer()
  })
  afterEach(() => setTranslator((descriptor, _lang, values) => interpolate(descriptor.message, values)))

  const receipt = (overrides: Partial<ReceiptData> = {}, payment: Partial<ReceiptData['payment']> = {}) =>
    ({
      lang: 'es',
      timeZone: 'America/Santiago',
      currency: 'CLP',
      college: {
        name: 'Colegio San José de Ñuñoa',
        rut: '76.123.456-7',
        address: 'Av. Irarrázaval 1234, Ñuñoa, Santiago',
        logo,
      },
      ...overrides,
      payment: {
        code: 'PAG-2025-000123',
        concept: 'Mensualidad marzo 2025',
        studentName: 'José Pérez Muñoz',
        payerName: 'María Muñoz Ñúñez',
        amount: 45000,
        // 12:45 in Santiago (summer time, UTC−3).
        paidAt: '2025-03-14T15:45:00Z',
        method: 'online',
        provider: 'Webpay Plus',
        authorizationCode: '1213',
        cardLast4: '6623',
        ...payment,
      },
    }) satisfies ReceiptData

  it('in Spanish: one page with the college, the payment, the names with their accents and the amount in pesos', async () => {
    const pdf = await receiptPdf(receipt())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const { pages, text, images, info } = await extract(pdf)
    expect(pages).toBe(1)
    expect(images).toBe(1)
    for (const expected of [
      'Colegio San José de Ñuñoa',
      'RUT 76.123.456-7',
      'Av. Irarrázaval 1234, Ñuñoa, Santiago',
      'PAG-2025-000123',
      'Mensualidad marzo 2025',
      'José Pérez Muñoz',
      'María Muñoz Ñúñez',
      '14 de marzo de 2025 a las 12:45',
      'Paid online (Webpay Plus)',
      'Card ending in 6623',
      '1213',
      'This receipt was issued by Colegio San José de Ñuñoa through its school app.',
    ]) {
      expect(text).toContain(expected)
    }
    // Chilean pesos in Spanish read as Chileans write them, not as plain 'es' would ("45.000 CLP").
    expect(text).toContain('$45.000')
    expect(text).not.toContain('CLP')
    expect(info).toMatchObject({
      Title: 'Payment receipt PAG-2025-000123',
      Author: 'Colegio San José de Ñuñoa',
      CreationDate: 'D:20250314154500Z',
      Language: 'es',
    })
  })

  it('in English: amount and date in English, no decimals for pesos', async () => {
    const { pages, text } = await extract(await receiptPdf(receipt({ lang: 'en' })))
    expect(pages).toBe(1)
    expect(text).toContain(asRead('CLP\u00a045,000'))
    expect(text).not.toMatch(/45,000\.00/)
    expect(text).toContain('March 14, 2025 at 12:45 PM')
    expect(text).toContain('José Pérez Muñoz')
    expect(text).toContain('Card ending in 6623')
  })

  it('labels come from the catalogs in the payer language; Arabic and Chinese get English ones', async () => {
    const asked: (string | undefined)[] = []
    setTranslator((descriptor, lang, values) => {
      asked.push(lang)
      const spanish = descriptor.id === 'receipt.title' ? 'Comprobante de pago' : descriptor.message
      return interpolate(lang === 'es' ? spanish : descriptor.message, values)
    })
    expect((await extract(await receiptPdf(receipt()))).text).toContain('Comprobante de pago')
    expect(new Set(asked)).toEqual(new Set(['es']))

    asked.length = 0
    for (const lang of ['ar', 'zh-CN']) {
      const { text, info } = await extract(
        await receiptPdf(receipt({ lang }, { studentName: 'محمد علي حسن', payerName: 'Ирина Петрова' })),
      )
      expect(text).toContain('Payment receipt')
      expect(text).toContain(asRead('CLP\u00a045,000'))
      expect(text).toContain('Ирина Петрова')
      expect(info.Language).toBe('en')
    }
    expect(new Set(asked)).toEqual(new Set(['en']))
  })

  it('a cash payment has no card nor authorization rows, and empty college fields leave theirs out', async () => {
    const { text } = await extract(
      await receiptPdf(
        receipt(
          { college: { name: 'Escuela Básica Los Aromos', rut: '', address: ' ', logo: null } },
          { method: 'cash', provider: null, authorizationCode: null, cardLast4: null },
        ),
      ),
    )
    expect(text).toContain('Cash')
    expect(text).not.toContain('Card ending')
    expect(text).not.toContain('Authorization code')
    expect(text).not.toContain('RUT')
    expect(text).not.toContain('Paid online')
  })

  it('a logo that cannot be read is left out, never an error; an SVG logo is drawn', async () => {
    const broken = await extract(
      await receiptPdf(receipt({ college: { ...receipt().college, logo: Buffer.from('not a picture') } })),
    )
    expect(broken.pages).toBe(1)
    expect(broken.images).toBe(0)
    expect(broken.text).toContain('Colegio San José de Ñuñoa')

    const truncated = logo.subarray(0, 60)
    const cut = await extract(
      await receiptPdf(receipt({ college: { ...receipt().college, logo: truncated } })),
    )
    expect(cut.images).toBe(0)

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle cx="10" cy="10" r="9" fill="#c00"/></svg>',
    )
    expect(
      (await extract(await receiptPdf(receipt({ college: { ...receipt().college, logo: svg } })))).images,
    ).toBe(1)
  })

  it('the same payment gives the same file, and a long concept still fits on one page', async () => {
    const first = await receiptPdf(receipt())
    expect((await receiptPdf(receipt())).equals(first)).toBe(true)

    const long = await extract(
      await receiptPdf(receipt({}, { concept: 'Matrícula y mensualidades 2026 '.repeat(60) })),
    )
    expect(long.pages).toBe(1)
    expect(long.text).toContain('…')
  })
})
