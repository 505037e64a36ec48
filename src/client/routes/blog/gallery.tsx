import { createFileRoute } from '@tanstack/react-router'
import { Gallery } from '../../features/posts/gallery.tsx'

export const Route = createFileRoute('/blog/gallery')({
  component: Gallery,
})
