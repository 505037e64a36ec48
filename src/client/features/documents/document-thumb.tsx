// A document's small picture (its first page or the picture itself), kept on the device so the list
// looks the same offline; an icon of its kind otherwise.
import { File, FileImage, FileSpreadsheet, FileText, Presentation } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { CollegeDocument, DocumentKind } from '#shared/documents.schema.ts'
import { cachedPrivateFile } from '../../platform/cached-file.ts'

const CACHE = 'document-thumbs'

const ICONS: Record<DocumentKind, typeof File> = {
  pdf: FileText,
  image: FileImage,
  word: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  text: File,
}

export function DocumentThumb({ document }: { document: CollegeDocument }) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!document.file.has_thumb) return
    let made: string | undefined
    let live = true
    // The file's id is in the address: a replaced file brings its new first page.
    cachedPrivateFile(CACHE, `/api/v1/documents/${document.id}/thumb?f=${document.file.id}`)
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
