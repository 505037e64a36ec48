import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DocumentsPage } from '../../features/documents/documents-page.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

export const Route = createFileRoute('/documentos/')({
  validateSearch: searchValidator(v.object({ q: searchText })),
  component: DocumentsIndex,
})

function DocumentsIndex() {
  const { q } = Route.useSearch()
  return <DocumentsPage path="" q={q ?? ''} />
}
