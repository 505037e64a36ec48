// After `lingui extract`: the public catalogs take their translations from the app catalogs, which
// hold every text, so a text is translated once (in app.po) and never drifts between the two.
import { readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'

const LOCALES = ['ar', 'de', 'en', 'es', 'es-MX', 'fr', 'zh-CN']

for (const locale of LOCALES) {
  const app = PO.parse(readFileSync(`src/locales/${locale}/app.po`, 'utf8'))
  const known = new Map(app.items.map((item) => [item.msgid, item.msgstr]))
  const file = `src/locales/${locale}/public.po`
  const pub = PO.parse(readFileSync(file, 'utf8'))
  let filled = 0
  for (const item of pub.items) {
    const translation = known.get(item.msgid)
    if (translation?.[0] && translation[0] !== item.msgstr[0]) {
      item.msgstr = translation
      filled++
    }
  }
  writeFileSync(file, pub.toString())
  if (filled) console.log(`${locale}: ${filled} public texts filled from app.po`)
}
