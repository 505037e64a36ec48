// Someone else changed a post while this user's change waited: both versions side by side, and the
// user chooses (keep mine, take theirs, or merge by hand in the editor).
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Post } from '#shared/posts.schema.ts'
import { audienceLabel, targetNames } from '../../platform/audience.ts'
import { useDateFormat } from '../../platform/dates.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Dialog } from '../../ui/dialog.tsx'
import { keepMyPost, takeTheirPost } from './draft-actions.ts'

function Version({
  label,
  post,
  note,
}: {
  label: string
  post: Partial<Post> | undefined
  note?: ReactNode
}) {
  const { i18n } = useLingui()
  const format = useDateFormat()
  const names = useLocalQuery(targetNames, [])
  return (
    <section className="flex min-w-0 flex-1 flex-col gap-2 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{label}</h3>
      {note ?? (
        <>
          <p dir="auto" className="text-lg font-semibold">
            {post?.title}
          </p>
          <p className="text-sm text-muted">
            {post?.grades && post.courses && audienceLabel(i18n, post as Post, names)}
            {post?.publish_at && ` · ${format(post.publish_at, 'dateTime')}`}
          </p>
          <div
            dir="auto"
            className="rich-text max-h-56 overflow-y-auto text-sm"
            // Both versions were sanitised by the server (theirs) or come from this user's editor.
            dangerouslySetInnerHTML={{ __html: post?.content ?? '' }}
          />
        </>
      )}
    </section>
  )
}

export function PostConflictDialog({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const mine = item.body as Partial<Post> | undefined
  const theirs = item.current as Partial<Post> | undefined
  const deleting = item.kind === 'post.delete'
  const choose = async (choice: () => Promise<void>) => {
    await choice()
    onClose()
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t`Someone else changed this post`}
      description={t`Your change waited on this device while another person changed the post. Choose which version to keep.`}
      closeLabel={t`Close`}
      size="lg"
      footer={
        <>
          <AriaButton variant="secondary" onPress={() => void choose(() => takeTheirPost(item.seq!))}>
            {deleting ? <Trans>Keep the post</Trans> : <Trans>Take theirs</Trans>}
          </AriaButton>
          {!deleting && (
            <AriaButton
              variant="secondary"
              onPress={() => void navigate({ to: '/blog/new-post', search: { draft: item.seq } })}
            >
              <Trans>Merge by hand</Trans>
            </AriaButton>
          )}
          <AriaButton onPress={() => void choose(() => keepMyPost(item.seq!))}>
            {deleting ? <Trans>Delete it anyway</Trans> : <Trans>Keep mine</Trans>}
          </AriaButton>
        </>
      }
    >
      <div className="flex flex-col gap-3 md:flex-row">
        <Version
          label={t`Your version`}
          post={mine}
          note={deleting ? <p>{t`You deleted this post.`}</p> : undefined}
        />
        <Version label={t`Their version, now on the server`} post={theirs} />
      </div>
    </Dialog>
  )
}
