// The public pages' forms (password reset) without the form library: its 15 KB were a tenth of what a family's phone
// downloads before it can sign in. The same behaviour as the app's other forms (server-form.tsx):
// checked by the shared valibot schema on submit, then again as each field changes, the first wrong
// field focused, the server's 422 messages placed with `setError` (platform/form-errors.ts).
import { useRef, useState } from 'react'
import type * as v from 'valibot'
import { checkFields, type FieldMessages as Errors } from './light-form-check.ts'

export type LightForm<T> = {
  register: (name: string) => {
    name: string
    defaultValue: string
    ref: (element: HTMLInputElement | null) => void
    onChange: () => void
  }
  handleSubmit: (
    valid: (values: T) => Promise<void>,
  ) => (event?: React.FormEvent<HTMLFormElement>) => Promise<void>
  setError: (name: string, error: { type?: string; message?: string }) => void
  formState: { errors: Errors; isSubmitting: boolean }
}

export function useLightForm<S extends v.GenericSchema>(
  schema: S,
  defaultValues: Record<string, string>,
): LightForm<v.InferOutput<S>> {
  const elements = useRef(new Map<string, HTMLInputElement>())
  const [errors, setErrors] = useState<Errors>({})
  const [isSubmitting, setSubmitting] = useState(false)
  const submitted = useRef(false)

  const values = () => {
    const read: Record<string, string> = {}
    for (const [name, element] of elements.current) read[name] = element.value
    return read
  }

  return {
    register: (name) => ({
      name,
      defaultValue: defaultValues[name] ?? '',
      ref: (element) => {
        if (element) elements.current.set(name, element)
        else elements.current.delete(name)
      },
      // After a first attempt, a field's message follows what is typed (as react-hook-form does).
      onChange: () => {
        if (!submitted.current) return
        const message = checkFields(schema, values()).errors?.[name]
        setErrors((current) => ({ ...current, [name]: message }))
      },
    }),
    handleSubmit: (valid) => async (event) => {
      event?.preventDefault()
      submitted.current = true
      const result = checkFields(schema, values())
      if (result.errors) {
        const found = result.errors
        setErrors(found)
        const first = [...elements.current.keys()].find((name) => found[name])
        if (first) elements.current.get(first)?.focus()
        return
      }
      setErrors({})
      setSubmitting(true)
      try {
        await valid(result.output)
      } finally {
        setSubmitting(false)
      }
    },
    setError: (name, error) => setErrors((current) => ({ ...current, [name]: { message: error.message } })),
    formState: { errors, isSubmitting },
  }
}
