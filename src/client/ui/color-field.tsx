// A colour chosen from a few proven ones, on a picker, or typed as #rrggbb; with a preview of the
// button it makes (the app adjusts text and links so they stay readable, whatever is chosen).
import { useLingui } from '@lingui/react/macro'
import type { CSSProperties } from 'react'
import {
  ColorField as AriaColorField,
  Button,
  ColorArea,
  ColorPicker,
  ColorSlider,
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  Popover,
  parseColor,
  SliderTrack,
} from 'react-aria-components'
import { brandPalette, parseHex } from '../platform/contrast.ts'
import { AriaFieldHelp, controlClass, labelClass } from './field-parts.tsx'
import { popoverClass } from './popover.tsx'

const PRESETS = ['#1d4ed8', '#0f766e', '#15803d', '#b45309', '#b91c1c', '#be185d', '#7c3aed', '#334155']

const thumb =
  'size-6 rounded-full border-2 border-white shadow-[0_0_0_1px_black,inset_0_0_0_1px_black] data-[focus-visible]:size-8'

export function ColorField({
  label,
  value,
  onChange,
  error,
  hint,
  sample = true,
}: {
  label: string
  value: string
  onChange: (hex: string) => void
  error?: string
  hint?: string
  /** A button and a link in this colour, as the app will draw them (for the college's own colour). */
  sample?: boolean
}) {
  const { t } = useLingui()
  const valid = parseHex(value) ? value : '#1d4ed8'
  const color = parseColor(valid)
  const palette = brandPalette(valid)
  return (
    <ColorPicker value={color} onChange={(c) => onChange(c.toString('hex').toLowerCase())}>
      <div className="flex flex-col gap-1.5">
        <AriaColorField
          value={color}
          onChange={(c) => c && onChange(c.toString('hex').toLowerCase())}
          isInvalid={Boolean(error)}
          className="flex flex-col gap-1.5"
        >
          <Label className={labelClass}>{label}</Label>
          <div className="flex items-center gap-2">
            <DialogTrigger>
              <Button
                aria-label={t`Open the colour picker`}
                className="flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink dark:border-slate-600"
              >
                <ColorSwatch className="size-8 rounded-lg" />
              </Button>
              <Popover placement="bottom start" offset={6} className={`${popoverClass} p-3`}>
                <Dialog aria-label={t`Colour picker`} className="flex flex-col gap-3 outline-none">
                  <ColorArea
                    colorSpace="hsb"
                    xChannel="saturation"
                    yChannel="brightness"
                    className="size-48 rounded-lg"
                  >
                    <ColorThumb className={thumb} />
                  </ColorArea>
                  <ColorSlider colorSpace="hsb" channel="hue" aria-label={t`Hue`}>
                    <SliderTrack className="h-7 w-48 rounded-lg">
                      <ColorThumb className={`${thumb} top-1/2`} />
                    </SliderTrack>
                  </ColorSlider>
                </Dialog>
              </Popover>
            </DialogTrigger>
            <Input dir="ltr" className={`${controlClass} max-w-40 font-mono`} />
          </div>
          <AriaFieldHelp hint={hint} error={error} />
        </AriaColorField>
        <ColorSwatchPicker aria-label={t`Suggested colours`} className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => (
            <ColorSwatchPickerItem
              key={preset}
              color={preset}
              className="rounded-lg outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-ink data-[selected]:ring-2 data-[selected]:ring-slate-900 data-[selected]:ring-offset-2 dark:data-[selected]:ring-white dark:ring-offset-slate-900"
            >
              <ColorSwatch className="size-9 rounded-lg" />
            </ColorSwatchPickerItem>
          ))}
        </ColorSwatchPicker>
        {sample && (
          <div className="flex flex-wrap items-center gap-3 pt-1" aria-hidden="true">
            <span
              className="rounded-xl px-4 py-2 font-medium shadow-sm"
              style={{ background: palette.brand, color: palette.onBrand }}
            >
              {t`Sample button`}
            </span>
            <span
              className="font-medium text-[var(--ink-light)] underline dark:text-[var(--ink-dark)]"
              style={{ '--ink-light': palette.inkLight, '--ink-dark': palette.inkDark } as CSSProperties}
            >
              {t`Sample link`}
            </span>
          </div>
        )}
      </div>
    </ColorPicker>
  )
}
