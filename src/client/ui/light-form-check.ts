// The checks of the sign-in page's forms, with or without React (use-light-form.ts, and the page drawn
// without React in features/auth/sign-in): the shared valibot schema, its first message per field.
import * as v from 'valibot'

export type FieldMessages = Record<string, { message?: string } | undefined>

/** The first message for each top-level field of a failed parse. */
export function messagesOf(issues: v.BaseIssue<unknown>[]): FieldMessages {
  const errors: FieldMessages = {}
  for (const issue of issues) {
    const field = issue.path?.[0]?.key
    if (typeof field === 'string' && !errors[field]) errors[field] = { message: issue.message }
  }
  return errors
}

/** The parsed values, or each wrong field's message. */
export function checkFields<S extends v.GenericSchema>(
  schema: S,
  values: Record<string, string>,
): { output: v.InferOutput<S>; errors?: undefined } | { output?: undefined; errors: FieldMessages } {
  const result = v.safeParse(schema, values)
  return result.success ? { output: result.output } : { errors: messagesOf(result.issues) }
}
