// Pictures that turn by themselves (unless the reader prefers less motion, or is looking at them),
// with buttons to go back and forth and a label for each picture.
import { useLingui } from '@lingui/react/macro'
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useEffect, useState } from 'react'

export type CarouselSlide = { id: number; image_url: string; caption: string; link: string }

const TURN_MS = 6000

const control =
  'flex size-11 items-center justify-center rounded-full bg-slate-950/60 text-white outline-offset-2 hover:bg-slate-950/80 focus-visible:outline-3 focus-visible:outline-white'

export function Carousel({ slides, label }: { slides: CarouselSlide[]; label: string }) {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  const reduced =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  const [playing, setPlaying] = useState(!reduced)
  const [hovered, setHovered] = useState(false)
  useEffect(() => {
    if (!playing || hovered || slides.length < 2) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), TURN_MS)
    return () => clearInterval(timer)
  }, [playing, hovered, slides.length])
  if (slides.length === 0) return null
  const slide = slides[index % slides.length]!
  const go = (by: number) => setIndex((i) => (i + by + slides.length) % slides.length)
  const picture = (
    <img
      src={slide.image_url}
      alt={slide.caption}
      className="aspect-video w-full object-cover sm:aspect-[21/9]"
    />
  )
  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={label}
      className="relative overflow-hidden rounded-3xl bg-slate-200 dark:bg-slate-800"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group */}
      <div
        role="group"
        aria-roledescription={t`slide`}
        aria-label={t`${index + 1} of ${slides.length}`}
        aria-live={playing && !hovered ? 'off' : 'polite'}
      >
        {slide.link ? (
          <a href={slide.link} target="_blank" rel="noopener noreferrer">
            {picture}
          </a>
        ) : (
          picture
        )}
        {slide.caption && (
          <p
            dir="auto"
            className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/80 to-transparent px-5 pt-10 pb-4 text-lg font-semibold text-white"
          >
            {slide.caption}
          </p>
        )}
      </div>
      {slides.length > 1 && (
        <div className="absolute end-3 top-3 flex gap-2">
          <button
            type="button"
            className={control}
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t`Stop turning` : t`Turn the pictures`}
          >
            {playing ? (
              <Pause aria-hidden="true" className="size-5" />
            ) : (
              <Play aria-hidden="true" className="size-5" />
            )}
          </button>
          <button type="button" className={control} onClick={() => go(-1)} aria-label={t`Previous picture`}>
            <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
          </button>
          <button type="button" className={control} onClick={() => go(1)} aria-label={t`Next picture`}>
            <ChevronRight aria-hidden="true" className="size-5 rtl:rotate-180" />
          </button>
        </div>
      )}
    </section>
  )
}
