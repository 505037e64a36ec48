// /documentos/ and /documentos/{folder…}: folders and documents from the mirror (so the list opens
// offline), a search by title over the folder and everything inside it, and for those who manage
// documents: publishing, editing and folders.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ChevronRight, FolderOpen, FolderPlus, Pencil, Trash2, Upload } from 'lucide-react'
import { useState } from 'react'
import type { CollegeDocument } from '#shared/documents.schema.ts'
import { userHasPermission } from '#shared/permissions.ts'
import { searchKey } from '#shared/search-key.ts'
import { api, errorMessageOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { userAtom } from '../../platform/session.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { DocumentFormDialog } from './document-form-dialog.tsx'
import { documentsView, type Folder, folderAt, withSubfolders } from './document-queries.ts'
import { DocumentRow } from './document-row.tsx'
import { FolderDialog } from './folder-dialog.tsx'

export function DocumentsPage({ path, q }: { path: string; q: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const view = useLocalQuery(documentsView, [])
  const canManage = userHasPermission(user, 'documents.manage')
  const [dialog, setDialog] = useState<'upload' | 'folder' | 'rename' | { edit: CollegeDocument }>()
  const { confirm, dialog: confirmDialog } = useConfirm()

  if (!view)
    return <div role="status" aria-label={t`Loading documents…`} className="card h-64 animate-pulse" />
  const folder = folderAt(view.folders, path)
  if (folder === null) {
    return (
      <EmptyState icon={FolderOpen} title={t`This folder does not exist.`} level={1}>
        <TextLink to="/documentos">{t`See all documents`}</TextLink>
      </EmptyState>
    )
  }
  const inside = folder ? withSubfolders(view.folders, folder) : undefined
  const search = searchKey(q)
  const documents = view.documents.filter((d) =>
    search
      ? searchKey(d.title).includes(search) &&
        (!inside || (d.category_id !== null && inside.has(d.category_id)))
      : d.category_id === (folder?.id ?? null) ||
        // A document whose folder was removed (or never reached this device) shows at the top.
        (!folder && d.category_id !== null && !view.folders.some((f) => f.id === d.category_id)),
  )
  const subfolders: Folder[] = search ? [] : view.folders.filter((f) => f.parent_id === (folder?.id ?? null))
  // A folder counts what it holds and what its folders hold, and how much of it this person has not opened.
  const counts = new Map<number, { all: number; fresh: number }>()
  const byId = new Map(view.folders.map((f) => [f.id, f]))
  for (const d of view.documents) {
    for (const c of (d.category_id !== null && byId.get(d.category_id)?.trail) || []) {
      const count = counts.get(c.id) ?? { all: 0, fresh: 0 }
      count.all += 1
      if (!view.opened.has(d.id)) count.fresh += 1
      counts.set(c.id, count)
    }
  }
  // At the top, the newest documents of every folder come first: a family sees what just arrived.
  const listed = new Set(documents.map((d) => d.id))
  const latest = !folder && !search ? view.documents.filter((d) => !listed.has(d.id)).slice(0, 5) : []

  const list = (items: CollegeDocument[], label: string) => (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((d) => (
        <DocumentRow
          key={d.id}
          document={d}
          isNew={!view.opened.has(d.id)}
          pinned={view.pinned.get(d.id)}
          canManage={canManage}
          onEdit={() => setDialog({ edit: d })}
        />
      ))}
    </ul>
  )
  const setQuery = (next: string) =>
    void navigate({
      to: '/documentos/$',
      params: { _splat: path },
      search: next ? { q: next } : {},
      replace: true,
    })
  const removeFolder = async () => {
    if (!folder) return
    const ok = await confirm({
      title: t`Delete the folder "${folder.name}"?`,
      body: t`Only an empty folder can be deleted.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await api.delete(`api/v1/document-categories/${folder.id}`)
      await localDb()?.document_categories.delete(folder.id)
      const parent = folder.trail.at(-2)
      void navigate({
        to: '/documentos/$',
        params: { _splat: parent ? (view.folders.find((f) => f.id === parent.id)?.path ?? '') : '' },
      })
    } catch (error) {
      toast(
        errorMessageOf(error) ?? t`You are offline. Folders can be changed when there is a connection.`,
        'error',
      )
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={folder ? folder.name : t`Documents`}
        description={
          folder
            ? undefined
            : t`Circulars, forms and reports from the school. Keep one offline to read it without a connection.`
        }
        before={
          folder && (
            <nav aria-label={t`Folders`}>
              <ol className="flex flex-wrap items-center gap-1 text-sm">
                <li>
                  <TextLink to="/documentos">{t`Documents`}</TextLink>
                </li>
                {folder.trail.slice(0, -1).map((c) => (
                  <li key={c.id} className="flex items-center gap-1">
                    <ChevronRight aria-hidden="true" className="size-4 text-muted rtl:rotate-180" />
                    <TextLink
                      to="/documentos/$"
                      params={{ _splat: view.folders.find((f) => f.id === c.id)?.path ?? '' }}
                    >
                      {c.name}
                    </TextLink>
                  </li>
                ))}
              </ol>
            </nav>
          )
        }
        actions={
          canManage && (
            <>
              {folder && (
                <>
                  <AriaButton
                    variant="ghost"
                    size="sm"
                    onPress={() => setDialog('rename')}
                    isDisabled={!online}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    <Trans>Rename</Trans>
                  </AriaButton>
                  <AriaButton
                    variant="ghost"
                    size="sm"
                    onPress={() => void removeFolder()}
                    isDisabled={!online}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <Trans>Delete folder</Trans>
                  </AriaButton>
                </>
              )}
              <AriaButton variant="secondary" onPress={() => setDialog('folder')} isDisabled={!online}>
                <FolderPlus aria-hidden="true" className="size-4" />
                <Trans>New folder</Trans>
              </AriaButton>
              <AriaButton onPress={() => setDialog('upload')} isDisabled={!online}>
                <Upload aria-hidden="true" className="size-4" />
                <Trans>Publish documents</Trans>
              </AriaButton>
            </>
          )
        }
      />
      <SearchField
        label={folder ? t`Search in this folder` : t`Search documents`}
        placeholder={t`Title`}
        value={q}
        onChange={setQuery}
        className="max-w-md"
      />
      {subfolders.length > 0 && (
        <ul aria-label={t`Folders`} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {subfolders.map((f) => (
            <li key={f.id}>
              <Link
                to="/documentos/$"
                params={{ _splat: f.path }}
                className="card flex min-h-14 items-center gap-3 p-3 font-medium no-underline hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <FolderOpen aria-hidden="true" className="size-6 shrink-0 text-brand-ink" />
                <span dir="auto" className="min-w-0 flex-1 break-words">
                  {f.name}
                </span>
                {/* One above the other: side by side, a small phone had no room left for the name. */}
                <span className="flex shrink-0 flex-col items-end gap-1">
                  {(counts.get(f.id)?.fresh ?? 0) > 0 && (
                    <Badge tone="brand">
                      {plural(counts.get(f.id)!.fresh, { one: '# new', other: '# new' })}
                    </Badge>
                  )}
                  <span className="text-sm whitespace-nowrap text-muted">
                    {plural(counts.get(f.id)?.all ?? 0, { one: '# document', other: '# documents' })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {latest.length > 0 && (
        <section aria-labelledby="latest-documents" className="flex flex-col gap-2">
          <h2 id="latest-documents" className="text-lg font-semibold">
            <Trans>Latest</Trans>
          </h2>
          {list(latest, t`Latest documents`)}
        </section>
      )}
      {documents.length > 0 ? (
        list(documents, search ? t`Documents found` : t`Documents`)
      ) : search ? (
        <EmptyState icon={FolderOpen} title={t`No document has that title.`}>
          <Trans>Check the spelling, or search from the top of Documents to look in every folder.</Trans>
        </EmptyState>
      ) : subfolders.length === 0 ? (
        <EmptyState icon={FolderOpen} title={folder ? t`This folder is empty.` : t`No documents yet.`}>
          {canManage ? (
            <Trans>Publish circulars, forms or report cards: families find them here, even offline.</Trans>
          ) : (
            <Trans>When the school shares documents with you, they appear here.</Trans>
          )}
        </EmptyState>
      ) : null}
      {dialog === 'upload' && (
        <DocumentFormDialog
          folders={view.folders}
          folderId={folder?.id ?? null}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog && typeof dialog === 'object' && (
        <DocumentFormDialog
          folders={view.folders}
          folderId={null}
          editing={dialog.edit}
          onClose={() => setDialog(undefined)}
        />
      )}
      {(dialog === 'folder' || dialog === 'rename') && (
        <FolderDialog
          parentId={folder?.id ?? null}
          folder={dialog === 'rename' ? folder : undefined}
          onClose={() => setDialog(undefined)}
          onSaved={(saved) => {
            setDialog(undefined)
            const parentPath =
              dialog === 'rename'
                ? folder?.trail.slice(0, -1).map((c) => c.slug)
                : folder?.trail.map((c) => c.slug)
            void navigate({
              to: '/documentos/$',
              params: { _splat: [...(parentPath ?? []), saved.slug].join('/') },
            })
          }}
        />
      )}
      {confirmDialog}
    </div>
  )
}
