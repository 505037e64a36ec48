// A company's logo in its edit form: sent as soon as it is chosen (or removed), like a business's
// photo; the server makes it a 256-pixel square.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Company } from '#shared/benefits.schema.ts'
import { api, validationErrorsOf } from '../../platform/api.ts'
import { toast } from '../../platform/toasts.ts'
import { PICTURE_TYPES, PictureField } from '../../ui/picture-field.tsx'

export function CompanyLogoField({
  company,
  onChange,
}: {
  company: Company
  onChange: (c: Company) => void
}) {
  const { t } = useLingui()
  const [state, setState] = useState<{ busy: boolean; preview?: string; error?: string }>({ busy: false })
  const change = async (file: File | null) => {
    if (file && !PICTURE_TYPES.includes(file.type)) {
      setState({ busy: false, error: t`Please choose a JPEG, PNG or WebP picture.` })
      return
    }
    setState({ busy: true, preview: file ? URL.createObjectURL(file) : undefined })
    try {
      let saved: Company
      if (file) {
        const form = new FormData()
        form.set('logo', file)
        saved = await api.put(`api/v1/companies/${company.id}/logo`, { body: form }).json<Company>()
      } else saved = await api.delete(`api/v1/companies/${company.id}/logo`).json<Company>()
      onChange(saved)
      setState({ busy: false })
      toast(file ? t`The logo has been changed.` : t`The logo has been removed.`, 'success')
    } catch (error) {
      setState({
        busy: false,
        error: validationErrorsOf(error)?.logo?.[0] ?? t`The logo could not be sent. Please try again.`,
      })
    }
  }
  return (
    <PictureField
      label={t`Logo`}
      hint={t`JPEG, PNG or WebP. It is shown as a square.`}
      shape="square"
      src={state.preview ?? company.logo_url}
      busy={state.busy}
      error={state.error}
      onPick={(file) => void change(file)}
      onRemove={company.logo_url ? () => void change(null) : undefined}
    />
  )
}
