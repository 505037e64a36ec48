// /pyme/details/{id}: one business as its managers see it (every promotion, ended ones included), read
// from the server: its details and photo, its promotions with their status by the college's today,
// and how often families saw and pressed them. Every change is made here, online.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ArrowLeft, BadgePercent, Pencil, Plus, RotateCw, Store, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Promotion, Pyme, PymeCategory } from '#shared/benefits.schema.ts'
import { userHasPermission } from '#shared/permissions.ts'
import { todayIn } from '#shared/time-zones.ts'
import { errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { onlineAtom } from '../../platform/online.ts'
import { type Remote, useRemote } from '../../platform/remote.ts'
import { userAtom } from '../../platform/session.ts'
import { toast } from '../../platform/toasts.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { PictureField } from '../../ui/picture-field.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { CategoryName } from './category-name.tsx'
import { OfflineNote } from './offline-note.tsx'
import { PromotionCard } from './promotion-card.tsx'
import { PromotionFormDialog } from './promotion-form-dialog.tsx'
import { sortPromotions } from './promotion-status.ts'
import { deletePromotion, deletePyme, setPymePhoto } from './pyme-actions.ts'
import { PymeDetails } from './pyme-details.tsx'
import { PymeFigures } from './pyme-figures.tsx'
import { PymeFormDialog } from './pyme-form-dialog.tsx'
import { usePromotionFormat } from './pyme-format.ts'
import { PymeThumb, usePictureCheck } from './pyme-photo.tsx'

type Editing = { kind: 'pyme' } | { kind: 'promotion'; promotion?: Promotion } | undefined

function BackLink() {
  return (
    <TextLink to="/pymes" className="inline-flex items-center gap-1 self-start text-sm">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      <Trans>All businesses</Trans>
    </TextLink>
  )
}

export function PymePage({ id }: { id: string }) {
  const { t } = useLingui()
  const pyme = useRemote<Pyme>(`api/v1/pymes/${encodeURIComponent(id)}`)
  const categories = useRemote<{ data: PymeCategory[] }>('api/v1/pyme-categories')
  if (pyme.status === 'error' && !pyme.data)
    return (
      <EmptyState
        icon={Store}
        level={1}
        title={t`This business could not be opened`}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <AriaButton variant="secondary" onPress={pyme.reload}>
              <RotateCw aria-hidden="true" className="size-4" />
              <Trans>Try again</Trans>
            </AriaButton>
            <ButtonLink to="/pymes" variant="secondary">
              <Trans>All businesses</Trans>
            </ButtonLink>
          </div>
        }
      >
        {pyme.error ?? t`It may have been deleted, or it belongs to another company.`}
      </EmptyState>
    )
  return (
    <div className="flex flex-col gap-6">
      <RemoteContent
        status={pyme.data ? 'ready' : pyme.status}
        error={pyme.error}
        onRetry={pyme.reload}
        loading={
          <>
            <BackLink />
            <SkeletonList count={3} label={t`Loading the business…`} />
          </>
        }
      >
        {pyme.data && <PymeView pyme={pyme.data} categories={categories} onChange={pyme.set} />}
      </RemoteContent>
    </div>
  )
}

function PymeView({
  pyme,
  categories,
  onChange,
}: {
  pyme: Pyme
  categories: Remote<{ data: PymeCategory[] }>
  onChange: (pyme: Pyme) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const online = useAtomValue(onlineAtom)
  const today = todayIn(useCollegeZone())
  const format = usePromotionFormat()
  const checkPicture = usePictureCheck()
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<Editing>()
  const [photo, setPhoto] = useState<{ busy: boolean; preview?: string; error?: string }>({ busy: false })
  const canEdit = userHasPermission(user, 'pymes.manage')
  const canPromote = userHasPermission(user, 'promotions.manage')
  const category = categories.data?.data.find((c) => c.id === pyme.category_id)
  const name = pyme.name
  const failed = (error: unknown) =>
    toast(
      isNetworkError(error)
        ? t`You are offline. Businesses can be changed when there is a connection.`
        : (errorMessageOf(error) ?? t`Something went wrong. Please try again.`),
      'error',
    )

  const changePhoto = async (file: File | null) => {
    const problem = file ? checkPicture(file) : undefined
    if (problem) return setPhoto({ busy: false, error: problem })
    const preview = file ? URL.createObjectURL(file) : undefined
    setPhoto({ busy: true, preview })
    try {
      onChange(await setPymePhoto(pyme.id, file))
      setPhoto({ busy: false })
      toast(file ? t`The photo has been changed.` : t`The photo has been removed.`, 'success')
    } catch (error) {
      setPhoto({
        busy: false,
        error:
          validationErrorsOf(error)?.photo?.[0] ??
          (isNetworkError(error)
            ? t`The photo could not be sent. Check your connection and try again.`
            : undefined) ??
          errorMessageOf(error) ??
          t`The photo could not be sent. Please try again.`,
      })
    } finally {
      if (preview) URL.revokeObjectURL(preview)
    }
  }

  const removePyme = async () => {
    const ok = await confirm({
      title: t`Delete "${name}"?`,
      body: t`Its promotions are deleted too, and families stop seeing it in Benefits.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      await deletePyme(pyme.id)
      toast(t`Business deleted.`, 'success')
      void navigate({ to: '/pymes' })
    } catch (error) {
      failed(error)
    }
  }

  const removePromotion = async (promotion: Promotion) => {
    const title = promotion.title
    const ok = await confirm({
      title: t`Delete the promotion "${title}"?`,
      body: t`Families stop seeing it in Benefits.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (!ok) return
    try {
      onChange(await deletePromotion(pyme.id, promotion.id))
      toast(t`Promotion deleted.`, 'success')
    } catch (error) {
      failed(error)
    }
  }

  const promotions = sortPromotions(pyme.promotions, today)
  const addPromotion = (variant: 'secondary' | 'primary') => (
    <AriaButton
      variant={variant}
      size="sm"
      onPress={() => setEditing({ kind: 'promotion' })}
      isDisabled={!online}
    >
      <Plus aria-hidden="true" className="size-4" />
      <Trans>Add promotion</Trans>
    </AriaButton>
  )

  return (
    <>
      <PageHeader
        before={<BackLink />}
        title={<span dir="auto">{pyme.name}</span>}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CategoryName category={category} />
            <span dir="auto">{pyme.company_name}</span>
          </span>
        }
        actions={
          canEdit && (
            <>
              <AriaButton
                variant="secondary"
                onPress={() => setEditing({ kind: 'pyme' })}
                isDisabled={!online}
              >
                <Pencil aria-hidden="true" className="size-4" />
                <Trans>Edit business</Trans>
              </AriaButton>
              <AriaButton variant="ghost" onPress={() => void removePyme()} isDisabled={!online}>
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Delete business</Trans>
              </AriaButton>
            </>
          )
        }
      />
      {!online && <OfflineNote />}
      <section
        aria-label={t`About this business`}
        className="card grid gap-5 p-4 sm:p-5 md:grid-cols-[auto_minmax(0,1fr)]"
      >
        {canEdit && online ? (
          <PictureField
            label={t`Photo`}
            hint={t`JPEG, PNG or WebP. Families see it in Benefits.`}
            src={photo.preview ?? pyme.photo_url}
            busy={photo.busy}
            error={photo.error}
            onPick={(file) => void changePhoto(file)}
            onRemove={() => void changePhoto(null)}
          />
        ) : (
          <PymeThumb src={pyme.photo_url} className="h-24 w-40" />
        )}
        <PymeDetails pyme={pyme} />
      </section>
      <section aria-labelledby="promotions-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="promotions-heading" className="text-lg font-semibold">
            <Trans>Promotions</Trans>
          </h2>
          {canPromote && promotions.length > 0 && addPromotion('secondary')}
        </div>
        {promotions.length > 0 ? (
          <ul aria-labelledby="promotions-heading" className="grid gap-3 md:grid-cols-2">
            {promotions.map((p) => (
              <PromotionCard
                key={p.id}
                promotion={p}
                today={today}
                format={format}
                manage={
                  canPromote
                    ? {
                        online,
                        onEdit: () => setEditing({ kind: 'promotion', promotion: p }),
                        onDelete: () => void removePromotion(p),
                      }
                    : undefined
                }
              />
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={BadgePercent}
            level={3}
            title={t`No promotions yet`}
            action={canPromote && addPromotion('primary')}
          >
            <Trans>
              A promotion shows in Benefits from its first day to its last: a discount, a 2x1, a gift with a
              purchase.
            </Trans>
          </EmptyState>
        )}
      </section>
      <PymeFigures pyme={pyme} />
      {editing?.kind === 'pyme' && (
        <PymeFormDialog
          pyme={pyme}
          categories={categories}
          onClose={() => setEditing(undefined)}
          onConflict={onChange}
          onSaved={(saved) => {
            onChange(saved)
            setEditing(undefined)
          }}
        />
      )}
      {editing?.kind === 'promotion' && (
        <PromotionFormDialog
          pyme={pyme}
          promotion={editing.promotion}
          onClose={() => setEditing(undefined)}
          onChange={onChange}
          onSaved={(saved) => {
            onChange(saved)
            setEditing(undefined)
          }}
        />
      )}
      {dialog}
    </>
  )
}
