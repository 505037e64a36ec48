import { createFileRoute } from '@tanstack/react-router'
import { SendBoardPage } from '../../features/notifications/sends/send-board.tsx'

export const Route = createFileRoute('/college-notifications/$id')({ component: SendPage })

function SendPage() {
  const { id } = Route.useParams()
  return <SendBoardPage key={id} id={id} />
}
