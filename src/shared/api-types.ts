// Shapes of the spec's calls, as both sides see them.
import type { Locale } from './constants.ts'
import type { Permission, RoleKey } from './permissions.ts'

export type LoginResult = { token: string; type: RoleKey }

export type User = {
  id: number
  college_id: number | null
  name: string
  first_lastname: string
  second_lastname: string
  email: string
  rut: string
  phone: string
  birthdate: string
  avatar: string | null
  avatar_url: string | null
  role: RoleKey
  type: RoleKey
  permissions: Permission[]
  locale: Locale | null
}

export type CollegeDomain = {
  id: number
  name: string
  domain: {
    college_logo: string
    /**
     * The logo drawn square at 192 px (the installed app's icon): what screens show at logo size, a
     * few KB where the uploaded logo may weigh hundreds.
     */
    college_icon?: string
    college_image: string
    language: string
    theme_color?: string
    /** IANA time zone the college's times are shown in (events). */
    timezone?: string
    /** ISO 4217 code fees and payments are in (`CLP`): fee screens write amounts in it, offline too. */
    currency?: string
  }
  /** The platform owner suspended the college: its people see a clear page, nothing is deleted. */
  suspended?: boolean
  /** The college accepts advertising: local businesses and their offers (the Benefits directory). */
  have_advertising?: boolean
}

export type CollegeSession = { id: number; name: string }

export type Notification = {
  id: string
  title: string
  content: string
  scope: string
  emergency: boolean
  read_at: string | null
  /** An emergency's answer (read, safe, help) and when it was given, on the device. */
  answer: NotificationAnswer | null
  answered_at: string | null
  created_at: string
}

export type NotificationAnswer = 'read' | 'safe' | 'help'

export type ValidationErrors = Record<string, string[]>
export type ApiErrorBody = { message: string; errors?: ValidationErrors }
