import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { collegeAtom } from '../../platform/college.ts'

/** The page title and description of a management application, with the college's name. */
export function DocumentTitle() {
  const { t } = useLingui()
  const college = useAtomValue(collegeAtom)
  useEffect(() => {
    document.title = t`${college.name} · School management`
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute(
        'content',
        t`News, events, notifications, documents and fees of ${college.name}, on any device.`,
      )
    document.querySelector('meta[property="og:title"]')?.setAttribute('content', document.title)
  }, [t, college.name])
  return null
}
