import { createFileRoute, redirect } from '@tanstack/react-router'

// The carousel of the public home page is the college's slides: managed in one place.
export const Route = createFileRoute('/gallery/carousel/Index')({
  beforeLoad: () => {
    throw redirect({ to: '/colleges/slider', replace: true })
  },
})
