import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { collegeAtom } from '../../platform/college.ts'

/**
 * The title and descriptions of a management application with the college's name. The server wrote
 * them into index.html in the college's language; this follows the language the user picks.
 */
export function DocumentTitle() {
  const { i18n } = useLingui()
  const college = useAtomValue(collegeAtom)
  useEffect(() => {
    const values = { college: college.name }
    const title = translate(messages.metaTitle, i18n.locale, values)
    const description = translate(messages.metaDescription, i18n.locale, values)
    document.title = title
    const set = (selector: string, value: string) =>
      document.querySelector(selector)?.setAttribute('content', value)
    set('meta[name="description"]', description)
    set('meta[property="og:title"]', title)
    set('meta[property="og:description"]', description)
  }, [i18n.locale, college.name])
  return null
}
