// Row types of the documents area.
import type { Generated } from 'kysely'

export interface DocumentCategoriesTable {
  id: Generated<number>
  college_id: number
  parent_id: number | null
  name: string
  slug: string
  version: number
  created_at: string
}

export interface DocumentFilesTable {
  id: string
  college_id: number
  uploader_id: number
  kind: string
  mime: string
  name: string
  size: number
  pages: number | null
  file_key: string
  thumb_key: string | null
  created_at: string
}

export interface DocumentsTable {
  id: string
  college_id: number
  author_id: number
  category_id: number | null
  file_id: string
  title: string
  description: string
  published_on: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface DocumentTargetsTable {
  id: Generated<number>
  college_id: number
  document_id: string
  grade_id: number | null
  course_id: number | null
  user_id: number | null
}

export interface DocumentOpensTable {
  id: Generated<number>
  college_id: number
  document_id: string
  user_id: number
  opened_at: string
  version: number
}
