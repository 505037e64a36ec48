// Files dropped or picked with the app's own button and words (never the browser's "Choose file").
import { Upload } from 'lucide-react'
import type { ReactNode } from 'react'
import { type DropItem, DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components'
import { AriaButton } from './aria-button.tsx'

async function filesOf(items: DropItem[], accepted: readonly string[]): Promise<File[]> {
  const files = items
    .filter(isFileDropItem)
    .filter((item) => accepted.length === 0 || accepted.includes(item.type))
  return Promise.all(files.map((item) => item.getFile()))
}

/**
 * A drop area with a "pick" button. Files of other types are passed on too (`onFiles` checks them
 * and says why one is refused), except when dropping, where the browser already reports the type.
 */
export function FileDropZone({
  label,
  pickLabel,
  hint,
  accept,
  multiple = true,
  onFiles,
  children,
  isDisabled,
}: {
  label: string
  pickLabel: string
  hint?: ReactNode
  accept: readonly string[]
  multiple?: boolean
  onFiles: (files: File[]) => void
  /** The files already chosen, with their progress. */
  children?: ReactNode
  isDisabled?: boolean
}) {
  return (
    <div className="flex flex-col gap-3">
      <DropZone
        aria-label={label}
        isDisabled={isDisabled}
        onDrop={async (event) => onFiles(await filesOf(event.items, accept))}
        className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 p-5 text-center transition-colors data-[drop-target]:border-brand data-[drop-target]:bg-brand-soft data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink dark:border-slate-600"
      >
        <Upload aria-hidden="true" className="size-6 text-muted" />
        <Text slot="label" className="font-medium">
          {label}
        </Text>
        {hint && <p className="text-sm text-muted">{hint}</p>}
        <FileTrigger
          acceptedFileTypes={accept}
          allowsMultiple={multiple}
          onSelect={(list) => onFiles(Array.from(list ?? []))}
        >
          <AriaButton variant="secondary" size="sm" isDisabled={isDisabled}>
            {pickLabel}
          </AriaButton>
        </FileTrigger>
      </DropZone>
      {children}
    </div>
  )
}

/** One file on its way up: its name and how much has been sent. */
export function FileProgress({ name, percent, error }: { name: string; percent: number; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-sm">
        <span dir="auto" className="truncate">
          {name}
        </span>
        <span className="tabular-nums text-muted">{Math.round(percent)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] ${error ? 'bg-red-600' : 'bg-brand'}`}
          style={{ width: `${Math.max(2, percent)}%` }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
