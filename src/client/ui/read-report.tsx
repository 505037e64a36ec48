import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import type { ReadReport } from '#shared/audience.schema.ts'
import { api } from '../platform/api.ts'
import { onlineAtom } from '../platform/online.ts'

/**
 * For those who publish: "read by N of M" (or "opened by", for documents) and who has not yet.
 * `path`: the API's report for the record.
 */
export function ReadReportPanel({ path, verb = 'read' }: { path: string; verb?: 'read' | 'opened' }) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const [report, setReport] = useState<ReadReport>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!online) return
    api
      .get(path)
      .json<ReadReport>()
      .then(setReport)
      .catch(() => setFailed(true))
  }, [path, online])
  if (!online && !report) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>Read receipts are shown when you are online.</Trans>
      </p>
    )
  }
  if (failed || !report) return null
  return (
    <details className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
      <summary className="cursor-pointer font-medium" data-testid="read-report">
        {verb === 'read'
          ? t`Read by ${report.read} of ${report.total}`
          : t`Opened by ${report.read} of ${report.total}`}
      </summary>
      {report.unread.length > 0 ? (
        <>
          <p className="mt-2 text-sm font-medium">
            {verb === 'read' ? <Trans>Not read yet:</Trans> : <Trans>Not opened yet:</Trans>}
          </p>
          <ul className="text-sm">
            {report.unread.map((u) => (
              <li key={u.id}>{u.name}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm">
          {verb === 'read' ? <Trans>Everyone has read it.</Trans> : <Trans>Everyone has opened it.</Trans>}
        </p>
      )}
    </details>
  )
}
