// Admin screens read the server directly (they only make sense online): one resource, or a list read
// page by page through the `{data, next_cursor}` contract. Each says whether it is loading, offline,
// failed or ready, so every screen shows the same states the same way.
import { useAtomValue } from 'jotai'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '#shared/pagination.ts'
import { api, errorMessageOf, isNetworkError } from './api.ts'
import { onlineAtom } from './online.ts'

export type RemoteStatus = 'loading' | 'ready' | 'offline' | 'error'

export type Remote<T> = {
  status: RemoteStatus
  data: T | undefined
  /** The server's message when it refused (a 404, a 403). */
  error: string | undefined
  reload: () => void
  /** Replaces the data with a newer copy (what a save answered). */
  set: (data: T) => void
}

function failureOf(error: unknown): { status: RemoteStatus; error: string | undefined } {
  if (isNetworkError(error) || !navigator.onLine) return { status: 'offline', error: undefined }
  return { status: 'error', error: errorMessageOf(error) }
}

/** One resource from the API; `path` null waits (an id not known yet). */
export function useRemote<T>(path: string | null): Remote<T> {
  const online = useAtomValue(onlineAtom)
  const [state, setState] = useState<{ status: RemoteStatus; data?: T; error?: string }>({
    status: 'loading',
  })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!path) return
    let current = true
    setState((s) => ({ ...s, status: s.data === undefined ? 'loading' : s.status }))
    api
      .get(path)
      .json<T>()
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((error: unknown) => current && setState((s) => ({ ...s, ...failureOf(error) })))
    return () => {
      current = false
    }
    // Coming back online retries a screen that could not load.
  }, [path, attempt, online])
  return {
    status: state.status,
    data: state.data,
    error: state.error,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    set: useCallback((data: T) => setState({ status: 'ready', data }), []),
  }
}

export type RemoteList<T, E> = {
  status: RemoteStatus
  rows: T[]
  /** The rest of the first page's answer (for example the categories of a list). */
  extra: E | undefined
  error: string | undefined
  hasMore: boolean
  /** A new search or filter is on its way; the rows shown are the previous answer's. */
  refreshing: boolean
  loadingMore: boolean
  /** The last "load more" failed (offline, server error); the rows shown stay. */
  moreFailed: boolean
  loadMore: () => void
  reload: () => void
}

/** Query values as a query string, leaving out the empty ones. */
export function queryString(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * A list read in keyset pages: the first page whenever the query changes (earlier answers are
 * dropped, so a slow one never overwrites a newer search), more pages on request.
 */
export function useRemoteList<T, E = Record<string, unknown>>(
  path: string,
  query: Record<string, string | number | undefined | null>,
): RemoteList<T, E> {
  const online = useAtomValue(onlineAtom)
  const key = `${path}${queryString(query)}`
  const [state, setState] = useState<{
    status: RemoteStatus
    rows: T[]
    extra?: E
    error?: string
    cursor: string | null
    loadingMore: boolean
    moreFailed?: boolean
    refreshing?: boolean
  }>({ status: 'loading', rows: [], cursor: null, loadingMore: false })
  const [attempt, setAttempt] = useState(0)
  const generation = useRef(0)
  useEffect(() => {
    const mine = ++generation.current
    // A new search keeps the rows on screen until its answer comes (no flash of a skeleton per word).
    setState((s) => ({
      ...s,
      status: s.status === 'ready' && s.rows.length ? 'ready' : 'loading',
      refreshing: true,
      error: undefined,
      moreFailed: false,
    }))
    api
      .get(key)
      .json<Page<T> & E>()
      .then((page) => {
        if (mine !== generation.current) return
        const { data, next_cursor, ...extra } = page
        setState({
          status: 'ready',
          rows: data,
          extra: extra as E,
          cursor: next_cursor,
          loadingMore: false,
          refreshing: false,
        })
      })
      .catch((error: unknown) => {
        if (mine === generation.current)
          setState((s) => ({ ...s, ...failureOf(error), loadingMore: false, refreshing: false }))
      })
  }, [key, attempt, online])
  // Read by loadMore at the moment of the press, never from a render that is out of date.
  const latest = useRef(state)
  latest.current = state
  const loadMore = useCallback(() => {
    const { cursor, loadingMore } = latest.current
    if (!cursor || loadingMore) return
    const mine = generation.current
    setState((s) => ({ ...s, loadingMore: true, moreFailed: false }))
    const separator = key.includes('?') ? '&' : '?'
    api
      .get(`${key}${separator}cursor=${encodeURIComponent(cursor)}`)
      .json<Page<T>>()
      .then((page) => {
        if (mine !== generation.current) return
        setState((s) => ({
          ...s,
          rows: [...s.rows, ...page.data],
          cursor: page.next_cursor,
          loadingMore: false,
        }))
      })
      .catch(() => {
        // The rows already shown stay; only the next page failed.
        if (mine === generation.current) setState((s) => ({ ...s, loadingMore: false, moreFailed: true }))
      })
  }, [key])
  return {
    status: state.status,
    rows: state.rows,
    extra: state.extra,
    error: state.error,
    hasMore: state.cursor !== null,
    refreshing: state.refreshing ?? false,
    loadingMore: state.loadingMore,
    moreFailed: state.moreFailed ?? false,
    loadMore,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  }
}
