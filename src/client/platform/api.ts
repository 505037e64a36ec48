// The HTTP client of spec sections 7 and 8: cookies sent, bearer token when there is one, no
// timeout; 422 logs each field error and rejects; 500/403/404/409 and 429 reject; others pass.
import ky, { HTTPError } from 'ky'
import type { ApiErrorBody, ValidationErrors } from '#shared/api-types.ts'
import { readStoredToken } from './token-storage.ts'

const REJECTED = new Set([422, 500, 403, 404, 409, 429])

export const api = ky.create({
  prefix: '/',
  credentials: 'include',
  timeout: false,
  retry: 0,
  throwHttpErrors: (status) => REJECTED.has(status),
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readStoredToken()
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        const lang = document.documentElement.lang
        if (lang) request.headers.set('Accept-Language', lang)
      },
    ],
    beforeError: [
      (state) => {
        const error = state.error
        if (error instanceof HTTPError && error.response.status === 422) {
          const body = error.data as ApiErrorBody | undefined
          for (const [field, list] of Object.entries(body?.errors ?? {})) {
            for (const message of list) console.error(`${field}: ${message}`)
          }
        }
        return error
      },
    ],
  },
})

/** Field errors of a 422, or undefined for any other failure. */
export function validationErrorsOf(error: unknown): ValidationErrors | undefined {
  if (error instanceof HTTPError && error.response.status === 422) {
    return (error.data as ApiErrorBody | undefined)?.errors
  }
  return undefined
}

export function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof HTTPError) return (error.data as ApiErrorBody | undefined)?.message
  return undefined
}

/** True when the request never reached the server (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')
}
