// Writing in a conversation: a box that grows with the text, Enter to send on a keyboard (a new line
// on a touch screen, where Enter is how one writes a new line), and who the message goes to.
import { Trans, useLingui } from '@lingui/react/macro'
import { FileText, ImageIcon, Lock, Paperclip, SendHorizontal, X } from 'lucide-react'
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react'
import {
  MAX_MESSAGE_FILES,
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILE_TYPES,
  MESSAGE_MAX_LENGTH,
} from '#shared/messenger.schema.ts'
import { formatSize } from '../../platform/file-size.ts'
import { AriaIconButton } from '../../ui/aria-button.tsx'
import { Button } from '../../ui/button.tsx'

const touchScreen = () => typeof matchMedia !== 'undefined' && matchMedia('(pointer: coarse)').matches

export function Composer({
  onSend,
  note,
  privateTo,
  onClearPrivate,
}: {
  onSend: (text: string, files: File[]) => Promise<void>
  /** Who reads it, when it is not obvious ("Your reply goes only to the staff"). */
  note?: string
  privateTo?: string
  onClearPrivate?: () => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string>()
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])]
    event.target.value = ''
    const wrongType = chosen.find((f) => !MESSAGE_FILE_TYPES.includes(f.type))
    const tooBig = chosen.find((f) => f.size > MESSAGE_FILE_MAX_BYTES)
    if (wrongType) setError(t`Only pictures (JPEG, PNG, WebP) and PDF files can be attached`)
    else if (tooBig) setError(t`Each file must be 5 MB or smaller`)
    else if (files.length + chosen.length > MAX_MESSAGE_FILES) setError(t`A message carries at most 4 files`)
    else {
      setError(undefined)
      setFiles([...files, ...chosen])
    }
  }
  const send = async (event?: FormEvent) => {
    event?.preventDefault()
    const body = text.trim()
    if (!body && files.length === 0) {
      setError(t`Please write a message`)
      box.current?.focus()
      return
    }
    if (body.length > MESSAGE_MAX_LENGTH) {
      setError(t`This message is too long. Please shorten it or send it in two parts.`)
      return
    }
    setError(undefined)
    await onSend(body, files)
    setText('')
    setFiles([])
    box.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchScreen()) {
      event.preventDefault()
      void send()
    }
  }
  const rows = Math.min(6, Math.max(1, text.split('\n').length))
  return (
    <form
      data-composer
      onSubmit={send}
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-3 py-3 backdrop-blur md:bottom-0 dark:border-slate-800 dark:bg-slate-900/95"
    >
      {privateTo && (
        <span className="flex items-center gap-2 self-start rounded-full bg-brand-soft py-0.5 ps-3 pe-1 text-sm text-brand-ink">
          <Lock aria-hidden="true" className="size-3.5" />
          <Trans>Only to {privateTo}</Trans>
          <AriaIconButton label={t`Write to everyone again`} size="sm" onPress={onClearPrivate}>
            <X aria-hidden="true" className="size-4" />
          </AriaIconButton>
        </span>
      )}
      {note && !privateTo && <p className="text-xs text-muted">{note}</p>}
      {files.length > 0 && (
        <ul aria-label={t`Files to send`} className="flex flex-wrap gap-2">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 py-0.5 ps-3 pe-1 text-sm dark:bg-slate-800"
            >
              {file.type === 'application/pdf' ? (
                <FileText aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span dir="auto" className="min-w-0 truncate">
                {file.name}
              </span>
              <span className="shrink-0 text-xs text-muted">{formatSize(file.size)}</span>
              <AriaIconButton
                label={t({ message: `Remove ${file.name}`, context: 'file' })}
                size="sm"
                onPress={() => setFiles(files.filter((_, j) => j !== i))}
              >
                <X aria-hidden="true" className="size-4" />
              </AriaIconButton>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          multiple
          accept={MESSAGE_FILE_TYPES.join(',')}
          onChange={pick}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="message-file-input"
        />
        <AriaIconButton
          label={t`Attach pictures or PDF files`}
          onPress={() => picker.current?.click()}
          isDisabled={files.length >= MAX_MESSAGE_FILES}
          className="shrink-0"
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </AriaIconButton>
        <textarea
          ref={box}
          aria-label={t`Message`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          dir="auto"
          rows={rows}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            if (error) setError(undefined)
          }}
          onKeyDown={onKeyDown}
          placeholder={t`Write a message`}
          className="min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3.5 py-2.5 text-base outline-none focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-brand-ink/30 dark:border-slate-700 dark:bg-slate-950"
        />
        <Button type="submit" aria-label={t`Send`} className="shrink-0">
          <SendHorizontal aria-hidden="true" className="size-5 rtl:rotate-180" />
          <span className="hidden sm:inline">
            <Trans>Send</Trans>
          </span>
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}
