// An upload that reports its progress (fetch cannot): the same headers as every API call, and the
// same errors, so forms show a 413 or 422 as they show any other.
import { HttpError } from './api.ts'
import { readStoredToken } from './token-storage.ts'

export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/${path.replace(/^\//, '')}`)
    xhr.withCredentials = true
    const token = readStoredToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    const lang = document.documentElement.lang
    if (lang) xhr.setRequestHeader('Accept-Language', lang)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      })
      let data: unknown
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        data = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T)
      else reject(new HttpError(response, data))
    }
    // The connection failed: the same error fetch gives, so callers tell "offline" apart.
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}
