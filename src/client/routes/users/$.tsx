import { createFileRoute } from '@tanstack/react-router'
import { UserDetailPage } from '../../features/users/user-detail.tsx'

export const Route = createFileRoute('/users/$')({
  component: UserPage,
})

function UserPage() {
  const { _splat } = Route.useParams()
  return <UserDetailPage key={_splat} id={_splat ?? ''} />
}
