import { createFileRoute } from '@tanstack/react-router'
import { AlbumsPage } from '../../features/posts/albums-page.tsx'

export const Route = createFileRoute('/gallery/Index')({
  validateSearch: (search: Record<string, unknown>): { album?: string } =>
    typeof search.album === 'string' && /^[0-9a-f-]{36}$/i.test(search.album) ? { album: search.album } : {},
  component: GalleryIndex,
})

function GalleryIndex() {
  return <AlbumsPage search={Route.useSearch()} />
}
