import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { openSqlite } from '#server/db/connection.ts'
import { findCollegeByHost } from '#server/platform/tenancy.ts'

const h = openSqlite('/tmp/perfsq/app.db')
const app = new Hono()
app.get('*', async (c) => {
  await findCollegeByHost(h.db, 'localhost')
  return c.json({ ok: true })
})
serve({ fetch: app.fetch, port: 3993 })
