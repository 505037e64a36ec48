import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PostEditor } from '../../../features/posts/post-editor.tsx'
import { PageHeader } from '../../../ui/page-header.tsx'
import { validateEditorSearch } from '../new-post.tsx'

export const Route = createFileRoute('/blog/articles/new-article')({
  staticData: { permission: 'posts.publish' },
  validateSearch: validateEditorSearch,
  component: NewArticlePage,
})

function NewArticlePage() {
  const { t } = useLingui()
  const { edit, draft } = Route.useSearch()
  return (
    <>
      <PageHeader title={edit || draft ? t`Edit article` : t`New article`} />
      <PostEditor key={`${edit ?? ''}:${draft ?? ''}`} editId={edit} draftSeq={draft} />
    </>
  )
}
