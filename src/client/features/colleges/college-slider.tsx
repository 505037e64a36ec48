// /colleges/slider/: the pictures that turn at the top of the home page. Reordered by dragging, by
// keyboard (the drag handle, or the move buttons), shown or hidden, each with a caption and a link.
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowDown, ArrowUp, GalleryHorizontal, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button, GridList, GridListItem, useDragAndDrop } from 'react-aria-components'
import { SLIDES_MAX, type Slide } from '#shared/colleges.schema.ts'
import { api } from '../../platform/api.ts'
import { useRemote } from '../../platform/remote.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { Switch } from '../../ui/switch.tsx'
import { useAction } from '../../ui/use-action.ts'
import { BackToCollege } from './college-details.tsx'
import { SlideDialog } from './slide-dialog.tsx'

type Slides = { data: Slide[] }

export function CollegeSlider() {
  const { t } = useLingui()
  const remote = useRemote<Slides>('api/v1/college/slides')
  const [editing, setEditing] = useState<Slide | 'new'>()
  const { confirm, dialog } = useConfirm()
  const slides = remote.data?.data ?? []
  const { act } = useAction()

  const saveOrder = async (ids: number[]) => {
    const before = remote.data
    // The new order shows at once; the server's answer confirms it (or puts the old one back).
    remote.set({ data: ids.map((id) => slides.find((s) => s.id === id)!) })
    const saved = await act(
      () => api.put('api/v1/college/slides/order', { json: { ids } }).json<Slides>(),
      t`The new order has been saved.`,
    )
    if (saved) remote.set(saved)
    else if (before) remote.set(before)
  }
  const move = (id: number, by: number) => {
    const ids = slides.map((s) => s.id)
    const from = ids.indexOf(id)
    const to = from + by
    if (to < 0 || to >= ids.length) return
    ids.splice(to, 0, ...ids.splice(from, 1))
    void saveOrder(ids)
  }
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const moving = [...event.keys].map(Number)
      const rest = slides.map((s) => s.id).filter((id) => !moving.includes(id))
      const at = rest.indexOf(Number(event.target.key)) + (event.target.dropPosition === 'after' ? 1 : 0)
      rest.splice(at, 0, ...moving)
      void saveOrder(rest)
    },
  })
  const setActive = async (slide: Slide, active: boolean) => {
    const saved = await act(
      () =>
        api.put(`api/v1/college/slides/${slide.id}`, {
          json: { caption: slide.caption, link: slide.link, active },
        }),
      active ? t`The picture is shown on the home page.` : t`The picture is hidden from the home page.`,
    )
    if (saved) remote.reload()
  }
  const remove = async (slide: Slide) => {
    if (
      !(await confirm({
        title: t`Remove this picture from the slider?`,
        confirmLabel: t`Remove`,
        destructive: true,
      }))
    )
      return
    if (await act(() => api.delete(`api/v1/college/slides/${slide.id}`), t`The picture has been removed.`))
      remote.reload()
  }
  return (
    <>
      <PageHeader
        title={t`Slider`}
        description={t`Pictures that turn at the top of the home page, in this order.`}
        before={<BackToCollege />}
        actions={
          <AriaButton onPress={() => setEditing('new')} isDisabled={slides.length >= SLIDES_MAX}>
            <Plus aria-hidden="true" className="size-4" />
            {t`Add a picture`}
          </AriaButton>
        }
      />
      <RemoteContent
        status={remote.status}
        error={remote.error}
        onRetry={remote.reload}
        loading={<SkeletonList label={t`Loading the slider…`} />}
      >
        {slides.length === 0 ? (
          <EmptyState icon={GalleryHorizontal} title={t`No pictures yet`}>
            <Trans>Add pictures of the college’s life: they greet every visitor of the home page.</Trans>
          </EmptyState>
        ) : (
          <GridList
            aria-label={t`Pictures of the slider`}
            items={slides}
            dragAndDropHooks={dragAndDropHooks}
            className="card flex flex-col divide-y divide-slate-100 dark:divide-slate-800"
          >
            {(slide) => (
              <GridListItem
                id={slide.id}
                textValue={slide.caption || t`Picture ${slides.indexOf(slide) + 1}`}
                className="flex flex-wrap items-center gap-3 p-3 outline-none data-[dragging]:opacity-50 data-[drop-target]:bg-brand-soft data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-brand-ink"
              >
                <Button
                  slot="drag"
                  aria-label={t`Drag to reorder`}
                  className="flex size-10 cursor-grab items-center justify-center rounded-lg text-muted outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink"
                >
                  <GripVertical aria-hidden="true" className="size-5" />
                </Button>
                <img src={slide.image_url} alt="" className="h-16 w-28 shrink-0 rounded-lg object-cover" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span dir="auto" className="truncate font-medium">
                    {slide.caption || <span className="text-muted">{t`No caption`}</span>}
                  </span>
                  {slide.link && <span className="truncate text-sm text-muted">{slide.link}</span>}
                </div>
                {!slide.active && <Badge tone="neutral">{t`Hidden`}</Badge>}
                <Switch isSelected={slide.active} onChange={(on) => void setActive(slide, on)}>
                  <span className="sr-only">{t`Shown on the home page`}</span>
                </Switch>
                <span className="flex gap-1">
                  <AriaIconButton
                    label={t`Move up`}
                    size="sm"
                    isDisabled={slides.indexOf(slide) === 0}
                    onPress={() => move(slide.id, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                  <AriaIconButton
                    label={t`Move down`}
                    size="sm"
                    isDisabled={slides.indexOf(slide) === slides.length - 1}
                    onPress={() => move(slide.id, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                  <AriaIconButton label={t`Edit`} size="sm" onPress={() => setEditing(slide)}>
                    <Pencil aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                  <AriaIconButton label={t`Remove`} size="sm" onPress={() => void remove(slide)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                </span>
              </GridListItem>
            )}
          </GridList>
        )}
      </RemoteContent>
      {editing && (
        <SlideDialog
          slide={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            remote.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}
