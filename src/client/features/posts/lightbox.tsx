import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { PostImage } from '#shared/posts.schema.ts'
import { PostPicture } from './post-images.tsx'

const SWIPE_MIN_PX = 50

/** A full-screen picture viewer: arrows, buttons or a swipe to move, Escape to close. */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: PostImage[]
  index: number
  onIndex: (i: number) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const swipeFrom = useRef<{ x: number; y: number }>(undefined)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  const image = images[index]
  if (!image) return null
  const rtl = document.documentElement.dir === 'rtl'
  const move = (step: number) => onIndex((index + step + images.length) % images.length)
  return (
    <dialog
      ref={dialog}
      aria-label={t`Picture ${index + 1} of ${images.length}`}
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(rtl ? -1 : 1)
        if (e.key === 'ArrowLeft') move(rtl ? 1 : -1)
      }}
      // A sideways swipe of a finger (or a dragged mouse) moves like the arrows: towards the next
      // picture when swiped against the reading direction.
      onPointerDown={(e) => {
        swipeFrom.current = { x: e.clientX, y: e.clientY }
      }}
      onPointerUp={(e) => {
        const from = swipeFrom.current
        swipeFrom.current = undefined
        if (!from || images.length < 2) return
        const dx = e.clientX - from.x
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(e.clientY - from.y)) return
        move(dx < 0 !== rtl ? 1 : -1)
      }}
      onPointerCancel={() => {
        swipeFrom.current = undefined
      }}
      className="m-auto max-h-dvh max-w-4xl touch-pan-y bg-transparent p-0 backdrop:bg-slate-950/80"
    >
      <div className="flex flex-col items-center gap-3 p-2">
        <PostPicture
          image={image}
          alt={t`Picture ${index + 1} of ${images.length}`}
          className="max-h-[80dvh] rounded-lg object-contain"
        />
        <div className="flex gap-2">
          {images.length > 1 && (
            <button
              type="button"
              onClick={() => move(-1)}
              className="min-h-11 rounded-lg bg-white px-4 text-slate-900"
            >
              {t`Previous`}
            </button>
          )}
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="min-h-11 rounded-lg bg-white px-4 text-slate-900"
          >
            {t`Close`}
          </button>
          {images.length > 1 && (
            <button
              type="button"
              onClick={() => move(1)}
              className="min-h-11 rounded-lg bg-white px-4 text-slate-900"
            >
              {t`Next`}
            </button>
          )}
        </div>
      </div>
    </dialog>
  )
}
