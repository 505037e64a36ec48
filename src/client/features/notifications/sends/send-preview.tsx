// How many people the chosen audience reaches, and how many get a push on their phone: asked of the
// server a moment after the audience changes, so the sender knows before sending.
import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CloudOff, TriangleAlert, Users } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { NotificationPreview, NotificationScope } from '#shared/notifications.schema.ts'
import { api, errorMessageOf, isNetworkError, validationErrorsOf } from '../../../platform/api.ts'
import { onlineAtom } from '../../../platform/online.ts'
import { Spinner } from '../../../ui/spinner.tsx'

export type Audience = { scope: NotificationScope; grades: number[]; courses: number[]; users: number[] }

const DEBOUNCE_MS = 300

export type PreviewState =
  | { status: 'choose' | 'loading' | 'offline' }
  | { status: 'error'; message: string | undefined }
  | { status: 'ready'; data: NotificationPreview; matches: (audience: Audience) => boolean }

/** Only the list the scope uses counts: changing another does not ask again. */
function keyOf(audience: Audience): string {
  const { scope } = audience
  const list = scope === 'college' ? [] : audience[scope]
  return JSON.stringify({ scope, list: [...list].sort((a, b) => a - b) })
}

export function usePreview(audience: Audience): PreviewState {
  const online = useAtomValue(onlineAtom)
  const key = keyOf(audience)
  const [state, setState] = useState<PreviewState>({ status: 'loading' })
  useEffect(() => {
    const { scope, list } = JSON.parse(key) as { scope: NotificationScope; list: number[] }
    if (scope !== 'college' && list.length === 0) {
      setState({ status: 'choose' })
      return
    }
    if (!online) {
      setState({ status: 'offline' })
      return
    }
    let current = true
    setState({ status: 'loading' })
    const body = {
      scope,
      grades: scope === 'grades' ? list : [],
      courses: scope === 'courses' ? list : [],
      users: scope === 'users' ? list : [],
    }
    const timer = setTimeout(() => {
      api
        .post('api/v1/college-notifications/preview', { json: body })
        .json<NotificationPreview>()
        .then((data) => {
          if (current) setState({ status: 'ready', data, matches: (next) => keyOf(next) === key })
        })
        .catch((error: unknown) => {
          if (!current) return
          if (isNetworkError(error) || !navigator.onLine) return setState({ status: 'offline' })
          const fields = validationErrorsOf(error)
          const first = fields ? Object.values(fields)[0]?.[0] : undefined
          setState({ status: 'error', message: first ?? errorMessageOf(error) })
        })
    }, DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [key, online])
  return state
}

export function SendPreview({ preview }: { preview: PreviewState }) {
  const { t } = useLingui()
  const nobody = preview.status === 'ready' && preview.data.recipients === 0
  const warn = nobody || preview.status === 'error'
  const previewText = () => {
    switch (preview.status) {
      case 'loading':
        return t`Counting who it reaches…`
      case 'choose':
        return t`Choose who receives it to see how many it reaches.`
      case 'offline':
        return t`The count needs a connection`
      case 'error':
        return preview.message ?? t`The count could not be made. Please try again.`
      case 'ready': {
        const { recipients, with_push } = preview.data
        if (recipients === 0) return t`Nobody would receive it: choose others.`
        const reach = plural(recipients, { one: 'Reaches # person', other: 'Reaches # people' })
        const push = plural(with_push, {
          one: '# gets a push on their phone',
          other: '# get a push on their phone',
        })
        return `${reach} · ${push}`
      }
    }
  }
  return (
    <div
      role="status"
      data-testid="send-preview"
      data-state={preview.status}
      className={`flex items-center gap-3 rounded-xl p-3 text-sm ring-1 ring-inset ${
        warn
          ? 'bg-amber-50 text-amber-950 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900'
          : 'bg-slate-50 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700'
      }`}
    >
      {preview.status === 'loading' ? (
        <Spinner className="size-5 shrink-0" />
      ) : preview.status === 'offline' ? (
        <CloudOff aria-hidden="true" className="size-5 shrink-0" />
      ) : warn ? (
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      ) : (
        <Users aria-hidden="true" className="size-5 shrink-0" />
      )}
      <span>{previewText()}</span>
    </div>
  )
}
