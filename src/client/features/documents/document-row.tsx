// One document in a list: what it is (title, size, date, pages, "new", kept on this device) and what
// can be done with it. Without a connection, a file not kept on the device says it needs one.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import {
  CloudOff,
  Download,
  ExternalLink,
  HardDriveDownload,
  MoreVertical,
  Pencil,
  Trash2,
} from 'lucide-react'
import { useState } from 'react'
import type { CollegeDocument } from '#shared/documents.schema.ts'
import { errorMessageOf, isNetworkError } from '../../platform/api.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { formatSize } from '../../platform/file-size.ts'
import { onlineAtom } from '../../platform/online.ts'
import { localDb, type PinnedDocument } from '../../platform/sync/local-db.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { Menu, MenuItem, MenuPopover, MenuSeparator, MenuTrigger } from '../../ui/menu.tsx'
import { ReadReportPanel } from '../../ui/read-report.tsx'
import { deleteDocument, downloadDocument, openDocument } from './document-actions.ts'
import { DocumentThumb } from './document-thumb.tsx'
import { pinDocument, unpinDocument } from './pinned-files.ts'

export function DocumentRow({
  document,
  isNew,
  pinned,
  canManage,
  onEdit,
}: {
  document: CollegeDocument
  isNew: boolean
  pinned: PinnedDocument | undefined
  canManage: boolean
  onEdit: () => void
}) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const formatDate = useDateFormat()
  const { confirm, dialog } = useConfirm()
  const [busy, setBusy] = useState(false)
  const reachable = online || Boolean(pinned)
  const failed = (error: unknown) =>
    toast(
      isNetworkError(error)
        ? t`This document needs a connection. Keep it offline next time to read it anywhere.`
        : (errorMessageOf(error) ?? t`Something went wrong. Please try again.`),
      'error',
    )
  const keep = async () => {
    const db = localDb()
    if (!db) return
    setBusy(true)
    try {
      if (pinned) {
        await unpinDocument(db, document.id)
        toast(t`Removed from this device.`, 'success')
      } else {
        await pinDocument(db, document)
        toast(t`Kept on this device: it opens without a connection.`, 'success')
      }
    } catch (error) {
      failed(error)
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    const ok = await confirm({
      title: t`Delete this document?`,
      body: t`"${document.title}" disappears for everyone it was for, on every device.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await deleteDocument(document)
      toast(t`Document deleted.`, 'success')
    } catch (error) {
      failed(error)
    }
  }
  const details = [
    formatSize(document.file.size),
    document.file.pages ? plural(document.file.pages, { one: '# page', other: '# pages' }) : undefined,
    formatDate(document.published_on),
  ].filter(Boolean)

  return (
    <li className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="document">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <DocumentThumb document={document} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 dir="auto" className="font-semibold break-words text-slate-900 dark:text-white">
            {document.title}
          </h3>
          {document.description && (
            <p dir="auto" className="text-sm text-muted break-words">
              {document.description}
            </p>
          )}
          <p className="text-sm text-muted">{details.join(' · ')}</p>
          <div className="flex flex-wrap gap-1">
            {isNew && <Badge tone="brand">{t({ message: 'New', context: 'document' })}</Badge>}
            {pinned && (
              <Badge tone="success" icon={<HardDriveDownload aria-hidden="true" className="size-3" />}>
                {t`On this device`}
              </Badge>
            )}
            {!reachable && (
              <Badge tone="warning" icon={<CloudOff aria-hidden="true" className="size-3" />}>
                {t`Needs a connection`}
              </Badge>
            )}
          </div>
          {canManage && online && (
            <ReadReportPanel path={`api/v1/documents/${document.id}/opens`} verb="opened" />
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 self-end sm:self-center">
        <AriaButton
          size="sm"
          isDisabled={!reachable}
          onPress={() => openDocument(document, Boolean(pinned)).catch(failed)}
          aria-label={t`Open ${document.title}`}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          <Trans>Open</Trans>
        </AriaButton>
        <MenuTrigger>
          <AriaIconButton label={t`More for ${document.title}`} isPending={busy}>
            <MoreVertical aria-hidden="true" className="size-5" />
          </AriaIconButton>
          <MenuPopover>
            <Menu
              onAction={(key) => {
                if (key === 'download') void downloadDocument(document, Boolean(pinned)).catch(failed)
                if (key === 'keep') void keep()
                if (key === 'edit') onEdit()
                if (key === 'delete') void remove()
              }}
              disabledKeys={[
                ...(reachable ? [] : ['download']),
                ...(online || pinned ? [] : ['keep']),
                ...(online ? [] : ['edit', 'delete']),
              ]}
            >
              <MenuItem id="download" icon={<Download />}>
                {t`Download`}
              </MenuItem>
              <MenuItem id="keep" icon={<HardDriveDownload />}>
                {pinned
                  ? t`Remove from this device (${formatSize(pinned.size)})`
                  : t`Keep offline (${formatSize(document.file.size)})`}
              </MenuItem>
              {canManage && <MenuSeparator />}
              {canManage && (
                <MenuItem id="edit" icon={<Pencil />}>
                  {t`Edit`}
                </MenuItem>
              )}
              {canManage && (
                <MenuItem id="delete" icon={<Trash2 />} danger>
                  {t`Delete`}
                </MenuItem>
              )}
            </Menu>
          </MenuPopover>
        </MenuTrigger>
      </div>
      {dialog}
    </li>
  )
}
