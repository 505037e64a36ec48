// A family tells the administration about a message they should not have received.
import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { LocalMessage } from '../../platform/sync/local-db.ts'
import { toast } from '../../platform/toasts.ts'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { reportMessage } from './messenger-actions.ts'

export function ReportDialog({ message, onClose }: { message: LocalMessage; onClose: () => void }) {
  const { t } = useLingui()
  const [reason, setReason] = useState('')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await reportMessage(message.id, reason.trim())
    toast(t`Thank you. The administration will look at this message.`, 'success')
    onClose()
  }
  return (
    <FormDialog
      title={t`Report this message`}
      submitLabel={t`Report`}
      pending={false}
      dirty={reason.length > 0}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <blockquote
        dir="auto"
        className="line-clamp-4 border-s-4 border-slate-300 ps-3 text-muted whitespace-pre-wrap dark:border-slate-600"
      >
        {message.body}
      </blockquote>
      <TextArea
        label={t`Why? (optional)`}
        hint={t`The administration sees the message, who wrote it and your reason. The writer is not told.`}
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  )
}
