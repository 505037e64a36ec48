import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostEditor } from '../../../features/posts/post-editor.tsx'
import { validateEditorSearch } from '../new-post.tsx'

export const Route = createFileRoute('/blog/articles/new-article')({
  validateSearch: validateEditorSearch,
  component: NewArticlePage,
})

function NewArticlePage() {
  const { t } = useLingui()
  const { edit, draft } = Route.useSearch()
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{edit || draft ? t`Edit article` : t`New article`}</h1>
      <PostEditor key={`${edit ?? ''}:${draft ?? ''}`} editId={edit} draftSeq={draft} />
    </div>
  )
}
