import { Trans, useLingui } from '@lingui/react/macro'
import { CalendarClock, Users } from 'lucide-react'
import { audienceLabel, type Names } from '../../platform/audience.ts'
import { useDateFormat } from '../../platform/dates.ts'
import type { LocalPost } from '../../platform/sync/local-db.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { Badge } from '../../ui/badge.tsx'
import { SyncBadge } from './sync-badge.tsx'

/** The author's face and name, with the date and category under it. */
export function PostByline({
  post,
  categoryName,
  dateStyle = 'date',
}: {
  post: LocalPost
  categoryName?: string
  dateStyle?: 'date' | 'long'
}) {
  const format = useDateFormat()
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar
        name={post.author.name || '?'}
        src={post.author.avatar_url}
        size={dateStyle === 'long' ? 'md' : 'sm'}
      />
      <div className="flex min-w-0 flex-col">
        <span dir="auto" className="truncate text-sm font-semibold text-slate-900 dark:text-white">
          {post.author.name}
        </span>
        <span className="truncate text-sm text-muted">
          <time dateTime={post.publish_at}>{format(post.publish_at, dateStyle)}</time>
          {categoryName && (
            <>
              {' · '}
              <span dir="auto">{categoryName}</span>
            </>
          )}
        </span>
      </div>
    </div>
  )
}

/** Who the post is for, whether it waits for its date, and whether it waits to be sent. */
export function PostBadges({ post, names }: { post: LocalPost; names: Names | undefined }) {
  const { i18n } = useLingui()
  const format = useDateFormat()
  const audience = audienceLabel(i18n, post, names)
  const scheduled = post.publish_at > new Date().toISOString()
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {audience && (
        <Badge tone="neutral" icon={<Users aria-hidden="true" className="size-3.5" />}>
          <span dir="auto">{audience}</span>
        </Badge>
      )}
      {scheduled && (
        <Badge tone="info" icon={<CalendarClock aria-hidden="true" className="size-3.5" />}>
          <Trans context="post">Scheduled for {format(post.publish_at, 'dateTime')}</Trans>
        </Badge>
      )}
      <SyncBadge state={post._sync} />
    </div>
  )
}
