import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { errorMessageOf, isNetworkError, validationErrorsOf } from './api.ts'

/**
 * Puts a server's 422 messages on their fields. Returns a message for the whole form when the
 * failure is not about a field (offline, server error), or undefined when every error found a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  /** The form's fields, or a test for them (a list's rows: `links.3.url`). */
  fields: readonly string[] | ((field: string) => boolean),
  texts: { offline: string; failed: string },
): string | undefined {
  const errors = validationErrorsOf(error)
  if (errors) {
    let unplaced: string | undefined
    for (const [field, list] of Object.entries(errors)) {
      const shown = typeof fields === 'function' ? fields(field) : fields.includes(field)
      if (shown) setError(field as Path<T>, { type: 'server', message: list[0] })
      else unplaced ??= list[0]
    }
    return unplaced
  }
  if (isNetworkError(error) || !navigator.onLine) return texts.offline
  return errorMessageOf(error) ?? texts.failed
}

/**
 * A form's submit handler that first clears the form's own alert: each attempt starts clean, and an
 * earlier answer never stays beside a new one (even when the fields fail validation this time).
 */
export function clearingFirst<E>(clear: () => void, submit: (event?: E) => Promise<void>) {
  return (event?: E) => {
    clear()
    return submit(event)
  }
}
