import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { errorMessageOf, isNetworkError, validationErrorsOf } from './api.ts'

/**
 * Puts a server's 422 messages on their fields. Returns a message for the whole form when the
 * failure is not about a field (offline, server error), or undefined when every error found a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  texts: { offline: string; failed: string },
): string | undefined {
  const errors = validationErrorsOf(error)
  if (errors) {
    let unplaced: string | undefined
    for (const [field, list] of Object.entries(errors)) {
      if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: list[0] })
      else unplaced ??= list[0]
    }
    return unplaced
  }
  if (isNetworkError(error) || !navigator.onLine) return texts.offline
  return errorMessageOf(error) ?? texts.failed
}
