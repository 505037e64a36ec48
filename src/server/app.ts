// Builds the HTTP application: middleware order, then each feature's routes, then the client.
import type { RequestListener } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '#shared/constants.ts'
import { DOCUMENT_MAX_BYTES } from '#shared/documents.schema.ts'
import { hasControlCharacters } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { collegeAdminRoutes } from './features/colleges/college-admin.routes.ts'
import { collegeContentRoutes } from './features/colleges/college-content.routes.ts'
import { collegeIndexHtml } from './features/colleges/college-index-html.ts'
import { collegesRoutes } from './features/colleges/colleges.routes.ts'
import { contactsRoutes } from './features/contacts/contacts.routes.ts'
import { coursesRoutes } from './features/courses/courses.routes.ts'
import { coursesSyncSources } from './features/courses/courses.sync.ts'
import { documentCategoriesRoutes } from './features/documents/document-categories.routes.ts'
import { documentFileRoutes } from './features/documents/document-files.ts'
import { documentsRoutes } from './features/documents/documents.routes.ts'
import { documentsSyncSources } from './features/documents/documents.sync.ts'
import { calendarFeedRoutes } from './features/events/calendar-feed.routes.ts'
import { eventCategoriesRoutes } from './features/events/event-categories.routes.ts'
import { eventsRead } from './features/events/event-list.ts'
import { eventsRoutes } from './features/events/events.routes.ts'
import { eventsSyncSources } from './features/events/events.sync.ts'
import { integrationsRoutes } from './features/integrations/integrations.routes.ts'
import { messageAttachmentRoutes } from './features/messenger/message-attachments.ts'
import { messengerRoutes } from './features/messenger/messenger.routes.ts'
import { messengerSyncSources } from './features/messenger/messenger.sync.ts'
import { notificationsRead } from './features/notifications/notification-list.ts'
import { notificationSendsRoutes } from './features/notifications/notification-sends.routes.ts'
import { notificationsRoutes } from './features/notifications/notifications.routes.ts'
import { notificationsSyncSources } from './features/notifications/notifications.sync.ts'
import { pushSubscriptionsRoutes } from './features/notifications/push-subscriptions.routes.ts'
import './features/payments/fee-reminders.ts'
import { bannersRoutes } from './features/benefits/banners.routes.ts'
import { benefitCountsRoutes } from './features/benefits/benefit-counts.routes.ts'
import { benefitsSyncSources } from './features/benefits/benefits.sync.ts'
import { companiesRoutes } from './features/benefits/companies.routes.ts'
import { homeBannerOfPage } from './features/benefits/home-banner-page.ts'
import { platformBannersRoutes } from './features/benefits/platform-banners.routes.ts'
import { pymeCategoriesRoutes } from './features/benefits/pyme-categories.routes.ts'
import { pymesListRead } from './features/benefits/pyme-list.ts'
import { pymesRoutes } from './features/benefits/pymes.routes.ts'
import { feesRoutes } from './features/payments/fees.routes.ts'
import { paymentSettingsRoutes } from './features/payments/payment-settings.routes.ts'
import { paymentsRoutes } from './features/payments/payments.routes.ts'
import { paymentsSyncSources } from './features/payments/payments.sync.ts'
import { paymentsListRead } from './features/payments/payments-list.ts'
import { testCheckoutRoutes } from './features/payments/test-checkout.routes.ts'
import { platformCollegesRoutes } from './features/platform/platform-colleges.routes.ts'
import { postCategoriesRoutes } from './features/posts/post-categories.routes.ts'
import { feedRead } from './features/posts/post-feed.ts'
import { postImagesRoutes } from './features/posts/post-images.routes.ts'
import { postsRoutes } from './features/posts/posts.routes.ts'
import { postsSyncSources } from './features/posts/posts.sync.ts'
import { practiceCalendar } from './features/processes/practice-calendar.ts'
import { processesRoutes } from './features/processes/processes.routes.ts'
import { processesSyncSources } from './features/processes/processes.sync.ts'
import { rolesRoutes } from './features/roles/roles.routes.ts'
import { appInstalledRoutes } from './features/statistics/app-installed.routes.ts'
import { statisticsRoutes } from './features/statistics/statistics.routes.ts'
import { liveRoutes } from './features/sync/live.routes.ts'
import { syncRoutes } from './features/sync/sync.routes.ts'
import { syncRead } from './features/sync/sync-answer.ts'
import { currentUserRead, usersRoutes } from './features/users/users.routes.ts'
import { usersAdminRoutes, usersListRead } from './features/users/users-admin.routes.ts'
import { registerCalendarSource } from './platform/calendar-sources.ts'
import { compression } from './platform/compression.ts'
import type { AppDeps, AppEnv } from './platform/context.ts'
import { ApiError, handleError } from './platform/errors.ts'
import { withFastReads } from './platform/fast-reads.ts'
import { mediaRoutes } from './platform/media.ts'
import { requestLog } from './platform/request-log.ts'
import { securityHeaders } from './platform/security-headers.ts'
import { cachedTableWrites, clearShortCaches } from './platform/short-cache.ts'
import { serveClient } from './platform/static-files.ts'
import { registerSyncSources } from './platform/sync-registry.ts'
import { isPlatformHost, resolveCollege } from './platform/tenancy.ts'

/** Paths that take files (pictures, spreadsheets): a larger body than JSON is allowed there. */
const UPLOAD_PATHS = [
  '/api/v1/users/update/profile',
  '/api/v1/post-images',
  '/api/v1/users/import',
  '/api/v1/college/images/',
  '/api/v1/college/managers',
  '/api/v1/college/slides',
  '/api/v1/message-attachments',
]
const isUpload = (path: string) => UPLOAD_PATHS.some((prefix) => path.startsWith(prefix))
/** A document's file (20 MB) with its drawn first page and the form's own bytes. */
const DOCUMENT_UPLOAD_PATH = '/api/v1/document-files'
const DOCUMENT_BODY_LIMIT_BYTES = DOCUMENT_MAX_BYTES + 3 * 1024 * 1024

registerSyncSources([
  ...postsSyncSources,
  ...notificationsSyncSources,
  ...coursesSyncSources,
  ...eventsSyncSources,
  ...messengerSyncSources,
  ...documentsSyncSources,
  ...processesSyncSources,
  ...paymentsSyncSources,
  ...benefitsSyncSources,
])
registerCalendarSource(practiceCalendar)

/** Each college's page, with what a first visit's first screen shows drawn from it. */
const indexHtml = collegeIndexHtml([homeBannerOfPage])

/** A request that asks and changes nothing, so it has no body either. */
const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD'

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  // A write that changed what the short caches hold (a token, a user, a role, a college) empties them
  // once it is done, whatever its outcome, and its answer waits until the other servers are told.
  // Another request's such write counted meanwhile empties them again here, which is merely early.
  app.use('*', async (c, next) => {
    if (isRead(c)) return next()
    const before = cachedTableWrites(deps.db)
    try {
      await next()
    } finally {
      const after = cachedTableWrites(deps.db)
      if (before === undefined || after !== before) await clearShortCaches(deps.db)
    }
  })
  app.use('*', requestLog)
  app.use('*', compression)
  app.use('*', securityHeaders)
  app.use('*', resolveCollege)
  // A host that is neither a college's nor the platform's has no API at all.
  app.use('/api/*', async (c, next) => {
    if (!c.get('college') && !isPlatformHost(c)) throw new ApiError(404, messages.unknownCollege)
    await next()
  })
  // An id in a path is read by the routes as text: a NUL (`%00`) or other control character there
  // names nothing, and must not reach a query (PostgreSQL answers it with an error).
  app.use('/api/*', async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      throw new ApiError(404, messages.notFound)
    }
    if (hasControlCharacters(path)) throw new ApiError(404, messages.notFound)
    await next()
  })
  // A GET or HEAD has no body here; asking for one would build the Fetch API's Request for every read
  // (a tenth of a warm `/api/v1/user`'s CPU).
  app.use('/api/*', (c, next) =>
    isRead(c)
      ? next()
      : bodyLimit({
          maxSize:
            c.req.path === DOCUMENT_UPLOAD_PATH
              ? DOCUMENT_BODY_LIMIT_BYTES
              : isUpload(c.req.path)
                ? UPLOAD_BODY_LIMIT_BYTES
                : JSON_BODY_LIMIT_BYTES,
          onError: () => {
            // The rest of the body is never read: the connection must close, or a keep-alive client's
            // next request on it would be read from the middle of this one.
            const message =
              c.req.path === DOCUMENT_UPLOAD_PATH ? messages.documentFileSize : messages.bodyTooLarge
            throw new ApiError(413, message, { headers: { Connection: 'close' } })
          },
        })(c, next),
  )
  // Before the answer is made (set after, it copies the response); an answer that says otherwise wins.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })

  app.route('/', authRoutes)
  app.route('/', documentsRoutes)
  app.route('/', documentFileRoutes)
  app.route('/', documentCategoriesRoutes)
  app.route('/', feesRoutes)
  app.route('/', processesRoutes)
  app.route('/', pymeCategoriesRoutes)
  app.route('/', companiesRoutes)
  app.route('/', pymesRoutes)
  app.route('/', benefitCountsRoutes)
  app.route('/', bannersRoutes)
  app.route('/', platformBannersRoutes)
  app.route('/', paymentsRoutes)
  app.route('/', paymentSettingsRoutes)
  app.route('/', testCheckoutRoutes)
  app.route('/', usersRoutes)
  app.route('/', usersAdminRoutes)
  app.route('/', rolesRoutes)
  app.route('/', statisticsRoutes)
  app.route('/', appInstalledRoutes)
  app.route('/', collegesRoutes)
  app.route('/', collegeAdminRoutes)
  app.route('/', collegeContentRoutes)
  app.route('/', contactsRoutes)
  app.route('/', integrationsRoutes)
  app.route('/', platformCollegesRoutes)
  app.route('/', notificationsRoutes)
  app.route('/', notificationSendsRoutes)
  app.route('/', pushSubscriptionsRoutes)
  app.route('/', coursesRoutes)
  app.route('/', postsRoutes)
  app.route('/', postImagesRoutes)
  app.route('/', postCategoriesRoutes)
  app.route('/', eventsRoutes)
  app.route('/', eventCategoriesRoutes)
  app.route('/', calendarFeedRoutes)
  app.route('/', messengerRoutes)
  app.route('/', messageAttachmentRoutes)
  app.route('/', syncRoutes)
  app.route('/', liveRoutes)
  app.route('/', mediaRoutes)

  app.notFound((c) => {
    if (
      c.req.path.startsWith('/api/') ||
      c.req.path.startsWith('/media/') ||
      c.req.path.startsWith('/sanctum/')
    ) {
      return handleError(new ApiError(404, messages.notFound), c)
    }
    return serveClient(c, indexHtml)
  })
  app.onError(handleError)
  return app
}

/** The server's listener: the hottest reads by plain node:http where they can be (fast-reads.ts), the rest by Hono. */
export function createRequestListener(deps: AppDeps): RequestListener {
  return withFastReads(
    deps,
    {
      '/api/v1/user': currentUserRead,
      '/api/v1/posts': feedRead,
      '/api/v1/sync': syncRead,
      '/api/v1/notifications': notificationsRead,
      '/api/v1/events': eventsRead,
      '/api/v1/users': usersListRead,
      '/api/v1/payments': paymentsListRead,
      '/api/v1/pymes': pymesListRead,
    },
    getRequestListener(createApp(deps).fetch),
  )
}
