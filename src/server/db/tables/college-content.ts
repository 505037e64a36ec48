// Row types of the college's public content and its contact inbox.
import type { Generated } from 'kysely'
import type { Flag } from '../schema.ts'

export interface CollegeManagersTable {
  id: Generated<number>
  college_id: number
  name: string
  position: string
  category: string
  photo: string | null
  email: string
  phone: string
  sort_order: number
  created_at: string
  updated_at: string
}

export interface CollegeSlidesTable {
  id: Generated<number>
  college_id: number
  image: string
  caption: string
  link: string
  sort_order: number
  active: Flag
  created_at: string
}

export interface CollegeSocialLinksTable {
  id: Generated<number>
  college_id: number
  network: string
  url: string
  sort_order: number
}

export interface CollegeContactsTable {
  id: Generated<number>
  college_id: number
  area: string
  name: string
  email: string
  phone: string
  sort_order: number
}

export interface ContactMessagesTable {
  id: Generated<number>
  college_id: number
  name: string
  email: string
  phone: string
  message: string
  /** 'new' or 'handled'. */
  status: string
  /** 'form' (the public home page) or 'staff' (created by hand). */
  source: string
  handled_by: number | null
  handled_at: string | null
  created_at: string
}

export interface ContactRepliesTable {
  id: Generated<number>
  college_id: number
  message_id: number
  author_id: number | null
  body: string
  delivered: Flag
  error: string | null
  created_at: string
}
