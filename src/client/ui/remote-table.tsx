import type { Key } from 'react-aria-components'
import type { RemoteList } from '../platform/remote.ts'
import { LoadMore, RemoteContent, TableSkeleton } from './list-status.tsx'
import { DataTable } from './table.tsx'

type TableProps<T extends { id: Key }> = Omit<Parameters<typeof DataTable<T>>[0], 'rows'>

/**
 * An admin list from the server: the table once the first page is in, its loading, offline and error
 * states before, a dimmed table while a new search is on its way, and "Show more" at the end.
 */
export function RemoteTable<T extends { id: Key }>({
  list,
  loadingLabel,
  ...table
}: TableProps<T> & { list: RemoteList<T, unknown>; loadingLabel: string }) {
  return (
    <RemoteContent
      status={list.status}
      error={list.error}
      onRetry={list.reload}
      loading={<TableSkeleton label={loadingLabel} />}
    >
      <div aria-busy={list.refreshing} className={list.refreshing ? 'opacity-70 transition-opacity' : ''}>
        <DataTable {...table} rows={list.rows} />
      </div>
      <LoadMore
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.moreFailed}
        onLoad={list.loadMore}
      />
    </RemoteContent>
  )
}
