// Row types of the messenger.
import type { Generated } from 'kysely'

export interface CourseStaffTable {
  id: Generated<number>
  college_id: number
  course_id: number
  user_id: number
}

export interface ConversationsTable {
  id: string
  college_id: number
  /** direct | group */
  kind: string
  title: string
  created_by: number
  closed_at: string | null
  closed_by: number | null
  last_message_at: string
  version: Generated<number>
  created_at: string
}

export interface ConversationMembersTable {
  id: Generated<number>
  college_id: number
  conversation_id: string
  user_id: number
  /** staff | member */
  role: string
  last_read_at: string | null
  muted: Generated<number>
  version: Generated<number>
}

export interface MessagesTable {
  id: string
  college_id: number
  conversation_id: string
  author_id: number
  body: string
  private_to: number | null
  written_at: string
  created_at: string
  version: Generated<number>
}

export interface MessageReportsTable {
  id: Generated<number>
  college_id: number
  message_id: string
  reporter_id: number
  reason: string
  created_at: string
}

export interface MessageAttachmentsTable {
  id: string
  college_id: number
  uploader_id: number
  message_id: string | null
  /** image | pdf */
  kind: string
  name: string
  size: number
  file_key: string
  thumb_key: string | null
  width: number | null
  height: number | null
  created_at: string
}
