// The profile's account of documents kept on this device: how many, how much space, and a way to
// free it (they can be kept again from Documents at any time).
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { HardDriveDownload } from 'lucide-react'
import { formatSize } from '../../platform/file-size.ts'
import { useLocalDb, useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { pinnedTotal, unpinAll } from './pinned-files.ts'

export function KeptDocuments() {
  const { t } = useLingui()
  const db = useLocalDb()
  const total = useLocalQuery(pinnedTotal, [])
  const { confirm, dialog } = useConfirm()
  const free = async () => {
    if (!db) return
    const ok = await confirm({
      title: t`Free the space of kept documents?`,
      body: t`They stay in Documents, but need a connection to open until you keep them again.`,
      confirmLabel: t`Free space`,
      destructive: true,
    })
    if (!ok) return
    await unpinAll(db)
    toast(t`Space freed.`, 'success')
  }
  return (
    <section aria-labelledby="kept-documents" className="flex flex-col gap-3">
      <h2 id="kept-documents" className="flex items-center gap-2 text-lg font-semibold">
        <HardDriveDownload aria-hidden="true" className="size-5" />
        <Trans>Documents on this device</Trans>
      </h2>
      <p className="text-muted" data-testid="kept-total">
        {total && total.count > 0
          ? `${plural(total.count, { one: '# document kept offline', other: '# documents kept offline' })} · ${formatSize(total.bytes)}`
          : t`No documents kept offline. Choose "Keep offline" on a document to read it without a connection.`}
      </p>
      {total && total.count > 0 && (
        <AriaButton variant="secondary" className="self-start" onPress={() => void free()}>
          <Trans>Free space</Trans>
        </AriaButton>
      )}
      {dialog}
    </section>
  )
}
