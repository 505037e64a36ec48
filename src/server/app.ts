// Builds the HTTP application: middleware order, then each feature's routes, then the client.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { JSON_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { collegesRoutes } from './features/colleges/colleges.routes.ts'
import { coursesRoutes } from './features/courses/courses.routes.ts'
import { coursesSyncSources } from './features/courses/courses.sync.ts'
import { notificationsRoutes } from './features/notifications/notifications.routes.ts'
import { notificationsSyncSources } from './features/notifications/notifications.sync.ts'
import { postCategoriesRoutes } from './features/posts/post-categories.routes.ts'
import { postImagesRoutes } from './features/posts/post-images.routes.ts'
import { postsRoutes } from './features/posts/posts.routes.ts'
import { postsSyncSources } from './features/posts/posts.sync.ts'
import { syncRoutes } from './features/sync/sync.routes.ts'
import { usersRoutes } from './features/users/users.routes.ts'
import type { AppDeps, AppEnv } from './platform/context.ts'
import { ApiError, handleError } from './platform/errors.ts'
import { mediaRoutes } from './platform/media.ts'
import { requestLog } from './platform/request-log.ts'
import { securityHeaders } from './platform/security-headers.ts'
import { serveClient } from './platform/static-files.ts'
import { registerSyncSources } from './platform/sync-registry.ts'
import { isPlatformHost, resolveCollege } from './platform/tenancy.ts'

const UPLOAD_PATHS = new Set(['/api/v1/users/update/profile', '/api/v1/post-images'])

registerSyncSources([...postsSyncSources, ...notificationsSyncSources, ...coursesSyncSources])

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use('*', requestLog)
  app.use('*', securityHeaders)
  app.use('*', resolveCollege)
  // A host that is neither a college's nor the platform's has no API at all.
  app.use('/api/*', async (c, next) => {
    if (!c.var.college && !isPlatformHost(c)) throw new ApiError(404, messages.unknownCollege)
    await next()
  })
  app.use('/api/*', (c, next) =>
    bodyLimit({
      maxSize: UPLOAD_PATHS.has(c.req.path) ? UPLOAD_BODY_LIMIT_BYTES : JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(413, messages.bodyTooLarge)
      },
    })(c, next),
  )
  app.use('/api/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  app.route('/', authRoutes)
  app.route('/', usersRoutes)
  app.route('/', collegesRoutes)
  app.route('/', notificationsRoutes)
  app.route('/', coursesRoutes)
  app.route('/', postsRoutes)
  app.route('/', postImagesRoutes)
  app.route('/', postCategoriesRoutes)
  app.route('/', syncRoutes)
  app.route('/', mediaRoutes)

  app.notFound((c) => {
    if (
      c.req.path.startsWith('/api/') ||
      c.req.path.startsWith('/media/') ||
      c.req.path.startsWith('/sanctum/')
    ) {
      return handleError(new ApiError(404, messages.notFound), c)
    }
    return serveClient(c)
  })
  app.onError(handleError)
  return app
}
