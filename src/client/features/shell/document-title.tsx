import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { collegeAtom } from '../../platform/college.ts'
import { applyDocumentTitle } from '../../platform/document-title.ts'

/** The title and descriptions of a management application with the college's name. */
export function DocumentTitle() {
  const { i18n } = useLingui()
  const college = useAtomValue(collegeAtom)
  useEffect(() => applyDocumentTitle(i18n.locale, college.name), [i18n.locale, college.name])
  return null
}
