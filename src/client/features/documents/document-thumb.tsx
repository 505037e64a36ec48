// A document's small picture (its first page or the picture itself), fetched with the person's token
// and kept in the browser's cache so the list looks the same offline; an icon of its kind otherwise.
import { File, FileImage, FileSpreadsheet, FileText, Presentation } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { CollegeDocument, DocumentKind } from '#shared/documents.schema.ts'
import { authHeaders, syncConfig } from '../../platform/sync/sync-config.ts'

const CACHE = 'document-thumbs'

const ICONS: Record<DocumentKind, typeof File> = {
  pdf: FileText,
  image: FileImage,
  word: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  text: File,
}

async function thumbBlob(document: CollegeDocument): Promise<Blob | undefined> {
  // The file's id is in the key: a replaced file brings its new first page.
  const key = `/api/v1/documents/${document.id}/thumb?f=${document.file.id}`
  const cache = typeof caches !== 'undefined' ? await caches.open(CACHE) : undefined
  const cached = await cache?.match(key)
  if (cached) return cached.blob()
  const response = await syncConfig.fetch(`${syncConfig.baseUrl}${key}`, { headers: authHeaders() })
  if (!response.ok) return undefined
  await cache?.put(key, response.clone())
  return response.blob()
}

export function DocumentThumb({ document }: { document: CollegeDocument }) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!document.file.has_thumb) return
    let made: string | undefined
    let live = true
    thumbBlob(document)
      .then((blob) => {
        if (!live || !blob) return
        made = URL.createObjectURL(blob)
        setUrl(made)
      })
      .catch(() => undefined)
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [document])
  const Icon = ICONS[document.file.kind] ?? File
  return (
    <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700">
      {url ? (
        <img src={url} alt="" className="size-full object-cover object-top" />
      ) : (
        <Icon aria-hidden="true" className="size-7 text-slate-500 dark:text-slate-400" />
      )}
    </span>
  )
}
