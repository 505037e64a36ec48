// A message's pictures and PDFs. A file still on the device (waiting to send) shows from there; one
// on the server is fetched with the person's token (there is no public address) and kept in the
// browser's cache, so what was opened once opens again offline. Signing out empties that cache.
import { Trans, useLingui } from '@lingui/react/macro'
import { FileText } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { MessageAttachment } from '#shared/messenger.schema.ts'
import { cachedPrivateFile } from '../../platform/cached-file.ts'
import { formatSize } from '../../platform/file-size.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { toast } from '../../platform/toasts.ts'
import { Dialog } from '../../ui/dialog.tsx'

const CACHE = 'message-files'

/** The file's bytes: from the device, the cache, or the server (then cached). */
async function fileBlob(attachment: MessageAttachment, thumb: boolean): Promise<Blob | undefined> {
  const local = await localDb()?.blobs.get(attachment.id)
  if (local) return local.blob
  return cachedPrivateFile(CACHE, `/api/v1/message-attachments/${attachment.id}${thumb ? '/thumb' : ''}`)
}

function useFileUrl(attachment: MessageAttachment, thumb: boolean): string | undefined | null {
  const [url, setUrl] = useState<string | null>()
  useEffect(() => {
    let made: string | undefined
    let live = true
    fileBlob(attachment, thumb)
      .then((blob) => {
        if (!live) return
        if (!blob) return setUrl(null)
        made = URL.createObjectURL(blob)
        setUrl(made)
      })
      .catch(() => live && setUrl(null))
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [attachment, thumb])
  return url
}

function Picture({ attachment }: { attachment: MessageAttachment }) {
  const { t } = useLingui()
  const thumb = useFileUrl(attachment, true)
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="block overflow-hidden rounded-xl bg-slate-200 outline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-ink dark:bg-slate-700"
        aria-label={t`Open the picture ${attachment.name}`}
      >
        {thumb ? (
          <img src={thumb} alt="" className="max-h-60 w-auto max-w-full object-cover" />
        ) : (
          <span className="flex size-32 items-center justify-center p-2 text-center text-xs">
            {thumb === null ? <Trans>Needs a connection</Trans> : <Trans>Loading…</Trans>}
          </span>
        )}
      </button>
      {open && <FullPicture attachment={attachment} onClose={() => setOpen(false)} />}
    </>
  )
}

function FullPicture({ attachment, onClose }: { attachment: MessageAttachment; onClose: () => void }) {
  const { t } = useLingui()
  const url = useFileUrl(attachment, false)
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={attachment.name}
      size="lg"
      closeLabel={t`Close`}
    >
      {url ? (
        <img src={url} alt={attachment.name} className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-xl" />
      ) : (
        <p className="text-muted">{url === null ? t`This picture needs a connection.` : t`Loading…`}</p>
      )}
    </Dialog>
  )
}

function Document({ attachment }: { attachment: MessageAttachment }) {
  const { t } = useLingui()
  // Saved as a file, which every phone and browser opens in its own PDF reader (a new tab showing a
  // blob: address would depend on the browser's viewer and on the page's security policy).
  const open = async () => {
    const blob = await fileBlob(attachment, false).catch(() => undefined)
    if (!blob) {
      toast(t`This file needs a connection. Open it once online to keep it on this device.`, 'error')
      return
    }
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }))
    const link = document.createElement('a')
    link.href = url
    link.download = attachment.name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      className="flex min-h-11 max-w-full items-center gap-2 rounded-xl bg-white/90 px-3 py-2 text-start text-slate-900 ring-1 ring-slate-300 hover:bg-white dark:bg-slate-900/80 dark:text-slate-50 dark:ring-slate-600"
    >
      <FileText aria-hidden="true" className="size-5 shrink-0 text-red-700 dark:text-red-300" />
      <span className="flex min-w-0 flex-col">
        <span dir="auto" className="truncate text-sm font-medium">
          {attachment.name}
        </span>
        <span className="text-xs text-muted">{t`PDF · ${formatSize(attachment.size)}`}</span>
      </span>
    </button>
  )
}

export function MessageFiles({ attachments }: { attachments: MessageAttachment[] }) {
  if (attachments.length === 0) return null
  return (
    <div className="flex flex-wrap gap-2">
      {attachments.map((a) =>
        a.kind === 'image' ? <Picture key={a.id} attachment={a} /> : <Document key={a.id} attachment={a} />,
      )}
    </div>
  )
}
