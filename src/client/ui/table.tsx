// The admin list's table: keyboard navigation, sortable columns and row selection with checkboxes.
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Key } from 'react-aria-components'
import {
  Cell,
  Collection,
  Column,
  Row,
  type Selection,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
  useTableOptions,
} from 'react-aria-components'
import { Checkbox } from './checkbox.tsx'

export type { Selection, SortDescriptor }

export type ColumnDef<T> = {
  id: string
  title: string
  /** The column that names the row for screen readers (usually the first text column). */
  isRowHeader?: boolean
  allowsSorting?: boolean
  /** Hidden below 640 px, so the table fits a phone. */
  hideOnPhone?: boolean
  render: (row: T) => ReactNode
}

function SelectionHeader() {
  const { selectionMode } = useTableOptions()
  if (selectionMode === 'none') return null
  return (
    <Column className="w-12 border-b border-slate-200 px-3 dark:border-slate-700">
      {selectionMode === 'multiple' && <Checkbox slot="selection" />}
    </Column>
  )
}

export function DataTable<T extends { id: Key }>({
  label,
  columns,
  rows,
  selectionMode = 'none',
  selectedKeys,
  onSelectionChange,
  sortDescriptor,
  onSortChange,
  onRowAction,
  empty,
  selectRowLabel,
}: {
  label: string
  columns: ColumnDef<T>[]
  rows: T[]
  selectionMode?: 'none' | 'multiple'
  selectedKeys?: Selection
  onSelectionChange?: (keys: Selection) => void
  sortDescriptor?: SortDescriptor
  onSortChange?: (sort: SortDescriptor) => void
  /** Enter or a click on a row: usually opens its detail. */
  onRowAction?: (key: Key) => void
  empty: ReactNode
  /** The selection checkbox's label for one row ("Select Ana Pérez"). */
  selectRowLabel?: (row: T) => string
}) {
  const phone = (column: ColumnDef<T>) => (column.hideOnPhone ? 'hidden sm:table-cell' : '')
  return (
    <div className="card w-full overflow-x-auto">
      <Table
        aria-label={label}
        selectionMode={selectionMode}
        selectionBehavior="toggle"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
        sortDescriptor={sortDescriptor}
        onSortChange={onSortChange}
        onRowAction={onRowAction}
        className="w-full border-separate border-spacing-0 text-start"
      >
        <TableHeader className="bg-slate-50 dark:bg-slate-800/60">
          <SelectionHeader />
          <Collection items={columns}>
            {(column) => (
              <Column
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={column.allowsSorting}
                className={`border-b border-slate-200 px-3 py-3 text-start text-sm font-semibold text-slate-700 sm:whitespace-nowrap outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-brand-ink dark:border-slate-700 dark:text-slate-200 ${phone(column)}`}
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className="inline-flex items-center gap-1">
                    {column.title}
                    {allowsSorting &&
                      (sortDirection === 'ascending' ? (
                        <ArrowUp aria-hidden="true" className="size-4" />
                      ) : sortDirection === 'descending' ? (
                        <ArrowDown aria-hidden="true" className="size-4" />
                      ) : (
                        <ChevronsUpDown aria-hidden="true" className="size-4 opacity-50" />
                      ))}
                  </span>
                )}
              </Column>
            )}
          </Collection>
        </TableHeader>
        <TableBody items={rows} renderEmptyState={() => <div className="p-2">{empty}</div>}>
          {(row) => (
            <Row
              id={row.id}
              columns={columns}
              className={`group outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-brand-ink data-[selected]:bg-brand-soft ${onRowAction ? 'cursor-pointer data-[hovered]:bg-slate-50 dark:data-[hovered]:bg-slate-800/50' : ''}`}
            >
              {selectionMode !== 'none' && (
                <Cell className="w-12 border-b border-slate-100 px-3 dark:border-slate-800">
                  <Checkbox slot="selection" aria-label={selectRowLabel?.(row)} />
                </Cell>
              )}
              <Collection items={columns}>
                {(column) => (
                  <Cell
                    className={`border-b border-slate-100 px-3 py-2.5 align-middle outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-brand-ink dark:border-slate-800 ${phone(column)}`}
                  >
                    {column.render(row)}
                  </Cell>
                )}
              </Collection>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  )
}
