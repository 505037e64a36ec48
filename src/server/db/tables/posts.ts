// Row types of news posts: categories, posts, their audiences, pictures and reads.
import type { Generated } from 'kysely'

export interface PostCategoriesTable {
  id: Generated<number>
  college_id: number
  name: string
  slug: string
  version: number
  created_at: string
}

export interface PostsTable {
  id: string
  college_id: number
  author_id: number
  category_id: number | null
  title: string
  content: string
  publish_at: string
  /** 0 while a scheduled post waits for its date; set (with a new version) once it is visible. */
  announced: number
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface PostTargetsTable {
  id: Generated<number>
  college_id: number
  post_id: string
  grade_id: number | null
  course_id: number | null
}

export interface PostImagesTable {
  id: string
  college_id: number
  uploader_id: number
  post_id: string | null
  position: number
  image_key: string
  thumb_key: string
  width: number
  height: number
  created_at: string
}

export interface PostReadsTable {
  id: Generated<number>
  college_id: number
  post_id: string
  user_id: number
  read_at: string
  version: number
}
