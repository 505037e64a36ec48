// How roles are named on screen: the built-in ones in the reader's language, the college's own
// roles by the name their administrator gave them.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type BuiltInRole, isBuiltInRole } from '#shared/permissions.ts'

const BUILT_IN: Record<BuiltInRole, MessageDescriptor> = {
  admin: msg`Administrator`,
  staff: msg`Staff`,
  guardian: msg`Guardian`,
  student: msg`Student`,
  company: msg`Company`,
  superadmin: msg`Platform owner`,
}

export function roleLabel(i18n: I18n, role: { key: string; name: string }): string {
  return isBuiltInRole(role.key) ? i18n._(BUILT_IN[role.key]) : role.name
}
