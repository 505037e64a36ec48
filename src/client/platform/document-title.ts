// The page's title and descriptions name the college, in the language on screen. The server wrote them
// in the college's language; these follow the language the user picks.
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'

export function applyDocumentTitle(locale: string, college: string): void {
  const values = { college }
  const title = translate(messages.metaTitle, locale, values)
  const description = translate(messages.metaDescription, locale, values)
  document.title = title
  const set = (selector: string, value: string) =>
    document.querySelector(selector)?.setAttribute('content', value)
  set('meta[name="description"]', description)
  set('meta[property="og:title"]', title)
  set('meta[property="og:description"]', description)
}
