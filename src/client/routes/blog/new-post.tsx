import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostEditor } from '../../features/posts/post-editor.tsx'

export type EditorSearch = { edit?: string; draft?: number }

export function validateEditorSearch(search: Record<string, unknown>): EditorSearch {
  const draft = Number(search.draft)
  return {
    edit: typeof search.edit === 'string' ? search.edit : undefined,
    draft: Number.isInteger(draft) && draft > 0 ? draft : undefined,
  }
}

export const Route = createFileRoute('/blog/new-post')({
  validateSearch: validateEditorSearch,
  component: NewPostPage,
})

function NewPostPage() {
  const { t } = useLingui()
  const { edit, draft } = Route.useSearch()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{edit || draft ? t`Edit post` : t`New post`}</h1>
      <PostEditor key={`${edit ?? ''}:${draft ?? ''}`} editId={edit} draftSeq={draft} />
    </div>
  )
}
