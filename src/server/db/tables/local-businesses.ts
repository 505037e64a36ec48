// Row types of companies, their users, pymes and their categories, promotions, banners, and the daily
// counts.
import type { Generated } from 'kysely'

export interface CompaniesTable {
  id: Generated<number>
  college_id: number
  name: string
  rut: string
  contact_name: string
  email: string
  phone: string
  logo: string | null
  created_at: string
  updated_at: string
}

export interface CompanyUsersTable {
  user_id: number
  college_id: number
  company_id: number
}

export interface PymeCategoriesTable {
  id: Generated<number>
  college_id: number
  name: string
  icon: string
  position: number
  version: number
}

export interface PymesTable {
  id: string
  college_id: number
  company_id: number
  category_id: number
  name: string
  description: string
  address: string
  commune: string
  phone: string
  whatsapp: string
  hours: string
  website: string
  instagram: string
  facebook: string
  photo: string | null
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}

export interface PromotionsTable {
  id: string
  college_id: number
  pyme_id: string
  title: string
  description: string
  discount: string
  starts_on: string
  ends_on: string
  conditions: string
  image: string | null
  created_at: string
  updated_at: string
}

export interface BenefitCountsTable {
  college_id: number
  kind: string
  item_id: string
  day: string
  impressions: number
  clicks: number
}

export interface BannersTable {
  id: string
  college_id: number
  title: string
  link: string
  placement: string
  starts_on: string
  ends_on: string
  image: string
  version: number
  deleted_at: string | null
  created_at: string
  updated_at: string
}
