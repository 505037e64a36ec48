// The HTTP client of spec sections 7 and 8: the API's base address, cookies sent, a bearer token when
// there is one, no timeout and no retries; 422 logs each field error and rejects; 500, 403, 404, 409
// and 429 reject; any other answer is returned as it is. (A small fetch wrapper: see design notes.)
import type { ApiErrorBody, ValidationErrors } from '#shared/api-types.ts'
import { readStoredToken } from './token-storage.ts'

const REJECTED = new Set([422, 500, 403, 404, 409, 429])

export const COLLEGE_SUSPENDED_EVENT = 'college-suspended'

/** An answer the spec says to reject, with its parsed body. */
export class HttpError extends Error {
  readonly response: Response
  readonly data: unknown
  constructor(response: Response, data: unknown) {
    super(`Request failed with status ${response.status}`)
    this.name = 'HttpError'
    this.response = response
    this.data = data
  }
}

type Options = { json?: unknown; body?: BodyInit; headers?: Record<string, string> }

export type ResponsePromise = Promise<Response> & { json: <T>() => Promise<T> }

async function send(method: string, path: string, options: Options): Promise<Response> {
  const headers = new Headers(options.headers)
  const token = readStoredToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const lang = document.documentElement.lang
  if (lang) headers.set('Accept-Language', lang)
  let body = options.body
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.json)
  }
  const response = await fetch(`/${path.replace(/^\//, '')}`, {
    method,
    headers,
    body,
    credentials: 'include',
  })
  if (!REJECTED.has(response.status)) return response
  const data = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined
  // The platform owner suspended the college meanwhile: the app shows why (college.ts listens).
  if (response.status === 403 && (data as { suspended?: boolean } | undefined)?.suspended) {
    window.dispatchEvent(new Event(COLLEGE_SUSPENDED_EVENT))
  }
  if (response.status === 422) {
    for (const [field, list] of Object.entries(data?.errors ?? {})) {
      for (const message of list) console.error(`${field}: ${message}`)
    }
  }
  throw new HttpError(response, data)
}

function request(method: string, path: string, options: Options = {}): ResponsePromise {
  const promise = send(method, path, options) as ResponsePromise
  promise.json = async <T>() => (await promise).json() as Promise<T>
  return promise
}

export const api = {
  get: (path: string, options?: Options) => request('GET', path, options),
  post: (path: string, options?: Options) => request('POST', path, options),
  put: (path: string, options?: Options) => request('PUT', path, options),
  patch: (path: string, options?: Options) => request('PATCH', path, options),
  delete: (path: string, options?: Options) => request('DELETE', path, options),
}

/** Field errors of a 422, or undefined for any other failure. */
export function validationErrorsOf(error: unknown): ValidationErrors | undefined {
  if (error instanceof HttpError && error.response.status === 422) {
    return (error.data as ApiErrorBody | undefined)?.errors
  }
  return undefined
}

export function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof HttpError) return (error.data as ApiErrorBody | undefined)?.message
  return undefined
}

/** True when the request never reached the server (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')
}
