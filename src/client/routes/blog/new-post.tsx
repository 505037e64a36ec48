import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostEditor } from '../../features/posts/post-editor.tsx'
import { PageHeader } from '../../ui/page-header.tsx'

export type EditorSearch = { edit?: string; draft?: number }

export function validateEditorSearch(search: Record<string, unknown>): EditorSearch {
  const draft = Number(search.draft)
  return {
    edit: typeof search.edit === 'string' ? search.edit : undefined,
    draft: Number.isInteger(draft) && draft > 0 ? draft : undefined,
  }
}

export const Route = createFileRoute('/blog/new-post')({
  staticData: { permission: 'posts.publish' },
  validateSearch: validateEditorSearch,
  component: NewPostPage,
})

function NewPostPage() {
  const { t } = useLingui()
  const { edit, draft } = Route.useSearch()
  return (
    <>
      <PageHeader title={edit || draft ? t`Edit post` : t`New post`} />
      <PostEditor key={`${edit ?? ''}:${draft ?? ''}`} editId={edit} draftSeq={draft} />
    </>
  )
}
