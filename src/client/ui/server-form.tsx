// The admin form pattern: react-hook-form checked by the shared valibot schema, the server's 422
// messages placed on their fields, a message for the whole form when the failure is not about a field,
// a 2-second toast when saved, and a question before leaving with unsaved changes.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useRef, useState } from 'react'
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form'
import type * as v from 'valibot'
import { applyServerErrors, clearingFirst } from '../platform/form-errors.ts'
import { toast } from '../platform/toasts.ts'
import { LeaveGuard } from './leave-guard.tsx'

type Options<T extends FieldValues, R> = {
  schema: v.GenericSchema
  defaultValues: DefaultValues<T>
  /** The fields the form shows (or a test for them): a message for another goes to the form's alert. */
  fields: readonly string[] | ((field: string) => boolean)
  save: (values: T) => Promise<R>
  /** What the form holds after saving (the server's answer, as form values). */
  valuesAfter?: (result: R, sent: T) => T
  onSaved?: (result: R) => void
  /** The toast once saved (it may depend on the answer). */
  savedText: string | ((result: R) => string)
}

export type ServerForm<T extends FieldValues> = UseFormReturn<T> & {
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>
  formError: string | undefined
  /** Render once: asks before leaving with unsaved changes. */
  guard: ReactNode
}

export function useServerForm<T extends FieldValues, R>(options: Options<T, R>): ServerForm<T> {
  const { t } = useLingui()
  const form = useForm<T, unknown, T>({
    resolver: valibotResolver(options.schema as v.GenericSchema<FieldValues>) as never,
    defaultValues: options.defaultValues,
  })
  const [formError, setFormError] = useState<string>()
  const dirty = useRef(false)
  dirty.current = form.formState.isDirty
  const submit = clearingFirst(
    () => setFormError(undefined),
    form.handleSubmit(async (values) => {
      try {
        const result = await options.save(values)
        form.reset(options.valuesAfter ? options.valuesAfter(result, values) : values)
        dirty.current = false
        toast(
          typeof options.savedText === 'string' ? options.savedText : options.savedText(result),
          'success',
        )
        options.onSaved?.(result)
      } catch (error) {
        setFormError(
          applyServerErrors(error, form.setError, options.fields, {
            offline: t`Saving needs a connection. What you typed is still here: try again when you are online.`,
            failed: t`We could not save. Please try again.`,
          }),
        )
      }
    }),
  )
  return { ...form, submit, formError, guard: <LeaveGuard when={() => dirty.current} /> }
}
