// Dates and times typed or picked in the app's language (not the browser's), as React Aria segments.
import {
  type CalendarDate,
  getLocalTimeZone,
  parseAbsolute,
  parseDate,
  parseTime,
  type Time,
  type ZonedDateTime,
} from '@internationalized/date'
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  TimeField as AriaTimeField,
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components'
import { AriaFieldHelp, labelClass } from './field-parts.tsx'
import { popoverClass } from './popover.tsx'

const groupClass =
  'flex min-h-11 w-full items-center rounded-xl border border-slate-300 bg-white ps-3 text-base text-slate-900 transition-colors data-[focus-within]:border-brand-ink data-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:data-[invalid]:border-red-400'

function CalendarPopover() {
  return (
    <Popover offset={6} className={popoverClass}>
      <Dialog className="p-3 outline-none">
        <Calendar className="flex flex-col gap-2">
          <header className="flex items-center justify-between gap-2">
            <Button
              slot="previous"
              className="flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
            </Button>
            <Heading className="font-semibold" />
            <Button
              slot="next"
              className="flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <ChevronRight aria-hidden="true" className="size-5 rtl:rotate-180" />
            </Button>
          </header>
          <CalendarGrid className="border-separate border-spacing-0.5">
            {(date) => (
              <CalendarCell
                date={date}
                className="flex size-9 cursor-default items-center justify-center rounded-lg text-sm outline-none data-[disabled]:opacity-40 data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink data-[hovered]:bg-slate-100 data-[outside-month]:hidden data-[selected]:bg-brand data-[selected]:text-on-brand dark:data-[hovered]:bg-slate-800"
              />
            )}
          </CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  )
}

type Common = {
  label: string
  error?: string
  hint?: ReactNode
  isDisabled?: boolean
  className?: string
}

function PickerBody({ label, error, hint }: Pick<Common, 'label' | 'error' | 'hint'>) {
  return (
    <>
      <Label className={labelClass}>{label}</Label>
      <Group className={groupClass}>
        <DateInput className="flex flex-1 flex-wrap py-2">
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-brand data-[focused]:text-on-brand data-[placeholder]:text-slate-500 dark:data-[placeholder]:text-slate-400"
            />
          )}
        </DateInput>
        <Button className="flex size-11 shrink-0 items-center justify-center rounded-e-xl text-slate-600 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink dark:text-slate-300">
          <CalendarDays aria-hidden="true" className="size-5" />
        </Button>
      </Group>
      <AriaFieldHelp hint={hint} error={error} />
      <CalendarPopover />
    </>
  )
}

function toCalendarDate(value: string): CalendarDate | null {
  try {
    return value ? parseDate(value) : null
  } catch {
    return null
  }
}

/** A calendar date as `YYYY-MM-DD` ('' when empty), e.g. a birth date. */
export function DateField({
  value,
  onChange,
  ...common
}: Common & { value: string; onChange: (value: string) => void }) {
  return (
    <DatePicker
      value={toCalendarDate(value)}
      onChange={(date) => onChange(date ? date.toString() : '')}
      isInvalid={Boolean(common.error)}
      isDisabled={common.isDisabled}
      granularity="day"
      className={`flex flex-col gap-1.5 ${common.className ?? ''}`}
    >
      <PickerBody {...common} />
    </DatePicker>
  )
}

function toZoned(value: string | null, timeZone: string): ZonedDateTime | null {
  try {
    return value ? parseAbsolute(new Date(value).toISOString(), timeZone) : null
  } catch {
    return null
  }
}

/**
 * A moment in time (ISO text in UTC, or null), typed as a date and a time in `timeZone` (the
 * college's; the device's until the college has one).
 */
export function DateTimeField({
  value,
  onChange,
  timeZone = getLocalTimeZone(),
  ...common
}: Common & { value: string | null; onChange: (value: string | null) => void; timeZone?: string }) {
  return (
    <DatePicker
      value={toZoned(value, timeZone)}
      onChange={(date) => onChange(date ? date.toAbsoluteString() : null)}
      isInvalid={Boolean(common.error)}
      isDisabled={common.isDisabled}
      granularity="minute"
      hideTimeZone
      className={`flex flex-col gap-1.5 ${common.className ?? ''}`}
    >
      <PickerBody {...common} />
    </DatePicker>
  )
}

function toTime(value: string): Time | null {
  try {
    return value ? parseTime(value) : null
  } catch {
    return null
  }
}

/** A time of day as `HH:MM` ('' when empty), e.g. when a weekly practice starts. */
export function TimeField({
  value,
  onChange,
  label,
  error,
  hint,
  isDisabled,
  className = '',
}: Common & { value: string; onChange: (value: string) => void }) {
  return (
    <AriaTimeField
      value={toTime(value)}
      onChange={(time) => onChange(time ? time.toString().slice(0, 5) : '')}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      granularity="minute"
      className={`flex flex-col gap-1.5 ${className}`}
    >
      <Label className={labelClass}>{label}</Label>
      <DateInput className={`${groupClass} flex-wrap py-2 pe-3`}>
        {(segment) => (
          <DateSegment
            segment={segment}
            className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-brand data-[focused]:text-on-brand data-[placeholder]:text-slate-500 dark:data-[placeholder]:text-slate-400"
          />
        )}
      </DateInput>
      <AriaFieldHelp hint={hint} error={error} />
    </AriaTimeField>
  )
}
