import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DocumentsPage } from '../../features/documents/documents-page.tsx'
import { searchText, searchValidator } from '../../platform/search-params.ts'

// The rest of the address is the folder (`/documentos/circulares/2026`), as the spec has it.
export const Route = createFileRoute('/documentos/$')({
  validateSearch: searchValidator(v.object({ q: searchText })),
  component: DocumentsFolder,
})

function DocumentsFolder() {
  const { _splat } = Route.useParams()
  const { q } = Route.useSearch()
  return <DocumentsPage path={_splat ?? ''} q={q ?? ''} />
}
