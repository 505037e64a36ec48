import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useId, useState } from 'react'
import type { PostCategory } from '#shared/posts.schema.ts'
import { api, errorMessageOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'

/** Categories come from the mirror; a new one needs a connection. */
export function CategorySelect({
  value,
  onChange,
  error,
}: {
  value: number | null
  onChange: (id: number | null) => void
  error?: string
}) {
  const { t } = useLingui()
  const id = useId()
  const online = useAtomValue(onlineAtom)
  const categories = useLocalQuery((db) => db.post_categories.toArray(), [], [])
  const [problem, setProblem] = useState<string>()
  const add = async () => {
    const name = window.prompt(t`Name of the new category`)
    if (!name?.trim()) return
    try {
      const category = await api.post('api/v1/post-categories', { json: { name } }).json<PostCategory>()
      await localDb()?.post_categories.put(category)
      onChange(category.id)
      setProblem(undefined)
    } catch (err) {
      setProblem(errorMessageOf(err) ?? t`Creating a category needs a connection.`)
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t`Category`}
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
          className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">{t`No category`}</option>
          {[...(categories ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </select>
        <button
          type="button"
          disabled={!online}
          onClick={() => void add()}
          className="min-h-11 rounded-lg px-3 ring-1 ring-slate-300 disabled:opacity-50 dark:ring-slate-600"
        >
          {t`New category`}
        </button>
      </div>
      {(error || problem) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error ?? problem}
        </p>
      )}
    </div>
  )
}
