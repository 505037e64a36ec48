// Row types of the database. Booleans are stored as 0/1 and times as ISO-8601 UTC text on both
// dialects, so the same queries and comparisons work on SQLite and PostgreSQL.
import type { Generated } from 'kysely'
import type {
  CollegeContactsTable,
  CollegeManagersTable,
  CollegeSlidesTable,
  CollegeSocialLinksTable,
  ContactMessagesTable,
  ContactRepliesTable,
} from './tables/college-content.ts'
import type {
  DocumentCategoriesTable,
  DocumentFilesTable,
  DocumentOpensTable,
  DocumentsTable,
  DocumentTargetsTable,
} from './tables/documents.ts'
import type {
  CalendarFeedsTable,
  EventCategoriesTable,
  EventsTable,
  EventTargetsTable,
} from './tables/events.ts'
import type {
  BannersTable,
  BenefitCountsTable,
  CompaniesTable,
  CompanyUsersTable,
  PromotionsTable,
  PymeCategoriesTable,
  PymesTable,
} from './tables/local-businesses.ts'
import type {
  ConversationMembersTable,
  ConversationsTable,
  CourseStaffTable,
  MessageAttachmentsTable,
  MessageReportsTable,
  MessagesTable,
} from './tables/messenger.ts'
import type { JobsTable, NotificationSendsTable, PushSubscriptionsTable } from './tables/notifications.ts'
import type {
  FeeAdjustmentsTable,
  FeeRemindersTable,
  FeesTable,
  PaymentsTable,
  TestCheckoutsTable,
} from './tables/payments.ts'
import type {
  PostCategoriesTable,
  PostImagesTable,
  PostReadsTable,
  PostsTable,
  PostTargetsTable,
} from './tables/posts.ts'
import type { ProcessCoursesTable, ProcessesTable, ProcessSchedulesTable } from './tables/processes.ts'
import type { SyncCountersTable, SyncExitsTable, SyncTombstonesTable } from './tables/sync.ts'

export type Flag = number

export interface CollegesTable {
  id: Generated<number>
  slug: string
  name: string
  short_name: string
  acronym: string
  address: string
  commune_id: number | null
  email: string
  phone: string
  image: string
  image_menu: string
  image_splash: string
  logo: string
  have_advertising: Flag
  show_onboarding: Flag
  app_status_publishing: number
  theme_color: string
  language: string
  places: string
  smtp_host: string | null
  smtp_port: number | null
  smtp_secure: Flag
  smtp_user: string | null
  smtp_password_enc: string | null
  smtp_from: string | null
  smtp_from_name: string | null
  timezone: Generated<string>
  rut: Generated<string>
  currency: Generated<string>
  payment_provider: string | null
  webpay_commerce_code: string | null
  webpay_api_key_enc: string | null
  webpay_environment: Generated<string>
  /** Rich text, sanitised: shown on the public home page. */
  history: Generated<string>
  /** A few words above the public contacts on the sign-up page. */
  contact_intro: Generated<string>
  /** Set by the platform owner: the college's users see a clear page, nothing is deleted. */
  suspended_at: string | null
  created_at: string
  updated_at: string
}

export interface CommunesTable {
  id: Generated<number>
  name: string
  region: Generated<string>
}

export interface CollegeDomainsTable {
  id: Generated<number>
  college_id: number
  host: string
}

export interface RolesTable {
  id: Generated<number>
  college_id: number | null
  key: string
  name: string
}

export interface RolePermissionsTable {
  id: Generated<number>
  college_id: number | null
  role_id: number
  permission: string
}

export interface UsersTable {
  id: Generated<number>
  college_id: number | null
  role_id: number
  name: string
  first_lastname: string
  second_lastname: string
  email: string
  rut: string
  phone: string
  birthdate: string
  avatar: string | null
  password_hash: string
  locale: string | null
  created_at: string
  updated_at: string
  sync_epoch: Generated<number>
  /** Users are never deleted: a deactivated one keeps their history and cannot sign in. */
  deactivated_at: string | null
}

export interface GradesTable {
  id: Generated<number>
  college_id: number
  name: string
  position: number
  version: Generated<number>
}

export interface CoursesTable {
  id: Generated<number>
  college_id: number
  grade_id: number
  name: string
  version: Generated<number>
}

export interface EnrollmentsTable {
  id: Generated<number>
  college_id: number
  student_id: number
  course_id: number
}

export interface GuardianshipsTable {
  id: Generated<number>
  college_id: number
  guardian_id: number
  student_id: number
}

export interface AccessTokensTable {
  id: Generated<number>
  college_id: number | null
  user_id: number
  token_hash: string
  name: string
  created_at: string
  last_used_at: string | null
  /** When this sign-in first reported running as the installed app (the statistics' "installed"). */
  installed_at: string | null
}

export interface PasswordResetsTable {
  id: Generated<number>
  college_id: number | null
  user_id: number
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface AuditLogTable {
  id: Generated<number>
  college_id: number | null
  actor_id: number | null
  action: string
  subject_type: string
  subject_id: string
  details: string
  ip: string
  created_at: string
}

export interface NotificationsTable {
  id: string
  college_id: number
  user_id: number
  title: string
  content: string
  scope: string
  emergency: Flag
  read_at: string | null
  created_at: string
  version: Generated<number>
  send_id: string | null
  /** An emergency's answer: read | safe | help. */
  answer: string | null
  answered_at: string | null
  delivered_at: string | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

// Each area's row types live beside this file; they are re-exported so every import stays `db/schema.ts`.
export type * from './tables/college-content.ts'
export type * from './tables/documents.ts'
export type * from './tables/events.ts'
export type * from './tables/local-businesses.ts'
export type * from './tables/notifications.ts'
export type * from './tables/payments.ts'
export type * from './tables/posts.ts'
export type * from './tables/processes.ts'
export type * from './tables/sync.ts'

export interface Database {
  colleges: CollegesTable
  communes: CommunesTable
  college_domains: CollegeDomainsTable
  roles: RolesTable
  role_permissions: RolePermissionsTable
  users: UsersTable
  grades: GradesTable
  courses: CoursesTable
  enrollments: EnrollmentsTable
  guardianships: GuardianshipsTable
  access_tokens: AccessTokensTable
  password_resets: PasswordResetsTable
  audit_log: AuditLogTable
  notifications: NotificationsTable
  rate_limits: RateLimitsTable
  sync_counters: SyncCountersTable
  sync_tombstones: SyncTombstonesTable
  sync_exits: SyncExitsTable
  post_categories: PostCategoriesTable
  posts: PostsTable
  post_targets: PostTargetsTable
  post_images: PostImagesTable
  post_reads: PostReadsTable
  college_managers: CollegeManagersTable
  college_slides: CollegeSlidesTable
  college_social_links: CollegeSocialLinksTable
  college_contacts: CollegeContactsTable
  contact_messages: ContactMessagesTable
  contact_replies: ContactRepliesTable
  event_categories: EventCategoriesTable
  events: EventsTable
  event_targets: EventTargetsTable
  calendar_feeds: CalendarFeedsTable
  notification_sends: NotificationSendsTable
  jobs: JobsTable
  push_subscriptions: PushSubscriptionsTable
  course_staff: CourseStaffTable
  conversations: ConversationsTable
  conversation_members: ConversationMembersTable
  messages: MessagesTable
  message_reports: MessageReportsTable
  message_attachments: MessageAttachmentsTable
  document_categories: DocumentCategoriesTable
  document_files: DocumentFilesTable
  documents: DocumentsTable
  document_targets: DocumentTargetsTable
  document_opens: DocumentOpensTable
  fees: FeesTable
  fee_adjustments: FeeAdjustmentsTable
  payments: PaymentsTable
  test_checkouts: TestCheckoutsTable
  fee_reminders: FeeRemindersTable
  processes: ProcessesTable
  process_courses: ProcessCoursesTable
  process_schedules: ProcessSchedulesTable
  companies: CompaniesTable
  company_users: CompanyUsersTable
  pyme_categories: PymeCategoriesTable
  pymes: PymesTable
  promotions: PromotionsTable
  benefit_counts: BenefitCountsTable
  banners: BannersTable
}

/** Tables whose rows belong to one college; reach them only through the tenant scope. */
export type TenantTable =
  | 'college_domains'
  | 'roles'
  | 'role_permissions'
  | 'users'
  | 'grades'
  | 'courses'
  | 'enrollments'
  | 'guardianships'
  | 'access_tokens'
  | 'password_resets'
  | 'audit_log'
  | 'notifications'
  | 'sync_tombstones'
  | 'sync_exits'
  | 'post_categories'
  | 'posts'
  | 'post_targets'
  | 'post_images'
  | 'post_reads'
  | 'college_managers'
  | 'college_slides'
  | 'college_social_links'
  | 'college_contacts'
  | 'contact_messages'
  | 'contact_replies'
  | 'event_categories'
  | 'events'
  | 'event_targets'
  | 'calendar_feeds'
  | 'notification_sends'
  | 'push_subscriptions'
  | 'course_staff'
  | 'conversations'
  | 'conversation_members'
  | 'messages'
  | 'message_reports'
  | 'message_attachments'
  | 'document_categories'
  | 'document_files'
  | 'documents'
  | 'document_targets'
  | 'document_opens'
  | 'fees'
  | 'fee_adjustments'
  | 'payments'
  | 'test_checkouts'
  | 'fee_reminders'
  | 'processes'
  | 'process_courses'
  | 'process_schedules'
  | 'companies'
  | 'company_users'
  | 'pyme_categories'
  | 'pymes'
  | 'promotions'
  | 'benefit_counts'
  | 'banners'
