import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { Plus } from 'lucide-react'
import { userHasPermission } from '#shared/permissions.ts'
import { userAtom } from '../../platform/session.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { ButtonLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { BannerSlot } from '../banners/banner-slot.tsx'
import { PostFeed } from './post-feed.tsx'

/** /blog and /blog/{category...}: the feed, for one category when the path names one. */
export function NewsPage({ categorySlug }: { categorySlug?: string }) {
  const { t } = useLingui()
  const user = useAtomValue(userAtom)
  const category = useLocalQuery(
    (db) =>
      categorySlug
        ? db.post_categories.where('slug').equals(categorySlug).first()
        : Promise.resolve(undefined),
    [categorySlug],
  )
  return (
    <>
      <PageHeader
        title={category ? <span dir="auto">{category.name}</span> : t`News`}
        description={category ? t`News` : t`What the college publishes for you and your family.`}
        actions={
          userHasPermission(user, 'posts.publish') && (
            <ButtonLink to="/blog/new-post">
              <Plus aria-hidden="true" className="size-4" />
              <Trans>New post</Trans>
            </ButtonLink>
          )
        }
      />
      <BannerSlot placement="feed" />
      <PostFeed categoryId={categorySlug === undefined ? undefined : (category?.id ?? -1)} />
    </>
  )
}
