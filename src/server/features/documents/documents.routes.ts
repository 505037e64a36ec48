// The documents API. Files are never at a fixed address: an authenticated call mints a signed one
// that works for a few minutes, so the browser's own viewer (or a download) can fetch it.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { UUID_PATTERN } from '#shared/audience.schema.ts'
import {
  type CollegeDocument,
  DOCUMENT_LINK_TTL_SECONDS,
  type DocumentLink,
  documentInputSchema,
  documentOpenSchema,
} from '#shared/documents.schema.ts'
import { plainString } from '#shared/fields.schema.ts'
import { messages } from '#shared/i18n/messages.ts'
import { message } from '#shared/i18n/translate.ts'
import { requireAuth, requireCollegeMember, requirePermission } from '../../platform/auth.ts'
import { clientIp } from '../../platform/client-ip.ts'
import type { AppEnv } from '../../platform/context.ts'
import { ApiError, ifMatchOf, notFound } from '../../platform/errors.ts'
import { containsText, foldedOrder } from '../../platform/keyset.ts'
import { sendStored } from '../../platform/media.ts'
import { personName } from '../../platform/person-name.ts'
import { readReportOf } from '../../platform/read-report.ts'
import { checkLink, type Disposition, signLink } from '../../platform/signed-links.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'
import { readJson, validate } from '../../platform/validate.ts'
import { documentAudienceOf, visibleDocuments } from './document-audience.ts'
import { toDocumentDtos } from './document-dto.ts'
import {
  createDocument,
  deleteDocument,
  recordOpen,
  updateDocument,
  type Writer,
} from './documents.service.ts'

export const documentsRoutes = new Hono<AppEnv>()
documentsRoutes.use('/api/v1/documents', requireAuth, requireCollegeMember)
documentsRoutes.use('/api/v1/documents/*', requireAuth, requireCollegeMember)

function documentId(id: string | undefined): string {
  if (!id || !UUID_PATTERN.test(id)) throw notFound()
  return id.toLowerCase()
}

function writer(c: Context<AppEnv>): Writer {
  return { user: c.get('auth').user, college: c.get('college')!, ip: clientIp(c) }
}

/** The document with its file, if this person may see it; 404 otherwise (nobody learns it exists). */
async function visibleDocument(c: Context<AppEnv>) {
  const { user } = c.get('auth')
  const { db } = c.get('deps')
  const audience = await documentAudienceOf(db, user)
  const row = await tenantScope(db, user.college_id!)
    .selectFrom('documents')
    .innerJoin('document_files', 'document_files.id', 'documents.file_id')
    .selectAll('documents')
    .select([
      'document_files.file_key',
      'document_files.thumb_key',
      'document_files.mime',
      'document_files.name as file_name',
    ])
    .where('documents.id', '=', documentId(c.req.param('id')))
    .where(visibleDocuments(audience))
    .executeTakeFirst()
  if (!row) throw notFound()
  return { row, audience }
}

const peopleQuery = v.object({
  q: v.optional(v.pipe(plainString(), v.trim(), v.maxLength(100, message(messages.tooLong))), ''),
})

/** Students and guardians to address a document to by name (a report card), found by name or email. */
documentsRoutes.get('/api/v1/documents/people', requirePermission('documents.manage'), async (c) => {
  const { q } = validate(c, peopleQuery, c.req.query())
  let query = tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'users.first_lastname', 'roles.key as role_key'])
    .where('roles.key', 'in', ['student', 'guardian'])
    .orderBy(foldedOrder('users.name'))
    .orderBy('users.id')
    .limit(30)
  if (q) query = query.where(containsText(['users.name', 'users.first_lastname', 'users.email'], q))
  const rows = await query.execute()
  return c.json({ data: rows.map((r) => ({ id: r.id, name: personName(r), role_key: r.role_key })) })
})

documentsRoutes.get('/api/v1/documents/:id', async (c) => {
  const { row, audience } = await visibleDocument(c)
  const [document] = await toDocumentDtos(
    c.get('deps').db,
    c.get('auth').user.college_id!,
    [row],
    audience.all,
  )
  return c.json(document as CollegeDocument, 200, { ETag: `"${row.updated_at}"` })
})

documentsRoutes.post('/api/v1/documents', requirePermission('documents.manage'), async (c) => {
  const input = validate(c, documentInputSchema, await readJson(c))
  const { created, document } = await createDocument(c.get('deps').db, writer(c), {
    ...input,
    id: input.id.toLowerCase(),
    file_id: input.file_id.toLowerCase(),
  })
  return c.json(document as CollegeDocument, created ? 201 : 200)
})

documentsRoutes.put('/api/v1/documents/:id', requirePermission('documents.manage'), async (c) => {
  const id = documentId(c.req.param('id'))
  const body = (await readJson(c)) as Record<string, unknown>
  const input = validate(c, documentInputSchema, { ...(body && typeof body === 'object' ? body : {}), id })
  const base = ifMatchOf(c.req.header('if-match'))
  const document = await updateDocument(
    c.get('deps').db,
    c.get('deps').storage,
    writer(c),
    id,
    { ...input, file_id: input.file_id.toLowerCase() },
    base,
  )
  return c.json(document as CollegeDocument)
})

documentsRoutes.delete('/api/v1/documents/:id', requirePermission('documents.manage'), async (c) => {
  const base = ifMatchOf(c.req.header('if-match'))
  await deleteDocument(
    c.get('deps').db,
    c.get('deps').storage,
    writer(c),
    documentId(c.req.param('id')),
    base,
  )
  return c.body(null, 204)
})

const linkSchema = v.object({
  disposition: v.optional(v.picklist(['inline', 'attachment'] as const), 'inline'),
})

const subjectOf = (row: { id: string; file_id: string }) => `document:${row.id}:${row.file_id}`

/** A signed address for the file, for this person only to use at once (it names no one). */
documentsRoutes.post('/api/v1/documents/:id/link', async (c) => {
  const { row } = await visibleDocument(c)
  const { disposition } = validate(c, linkSchema, (await readJson(c).catch(() => ({}))) ?? {})
  const { query, expires } = signLink(
    c.get('deps').config.appKey,
    subjectOf(row),
    disposition,
    DOCUMENT_LINK_TTL_SECONDS,
  )
  const link: DocumentLink = { url: `/files/documents/${row.id}?${query}`, expires_at: expires.toISOString() }
  return c.json(link)
})

documentsRoutes.post('/api/v1/documents/:id/opened', async (c) => {
  const { row } = await visibleDocument(c)
  const { opened_at } = validate(c, documentOpenSchema, await readJson(c))
  const { user } = c.get('auth')
  // A device clock ahead of the server cannot make an open later than now.
  const when = new Date(Math.min(Date.parse(opened_at), Date.now())).toISOString()
  const first = await recordOpen(c.get('deps').db, user.college_id!, user.id, row.id, when)
  return c.json({ id: row.id, document_id: row.id, opened_at: first })
})

/** "Opened by N of M": the families the document reaches, and who has not opened it yet. */
documentsRoutes.get('/api/v1/documents/:id/opens', requirePermission('documents.manage'), async (c) => {
  const { row } = await visibleDocument(c)
  const scope = tenantScope(c.get('deps').db, c.get('auth').user.college_id!)
  const targets = await scope
    .selectFrom('document_targets')
    .select(['grade_id', 'course_id', 'user_id'])
    .where('document_id', '=', row.id)
    .execute()
  const report = await readReportOf(scope, targets, (audience) =>
    scope
      .selectFrom('document_opens')
      .select('user_id')
      .where('document_id', '=', row.id)
      .where('user_id', 'in', audience)
      .execute(),
  )
  return c.json(report)
})

/** The thumbnail (first page or picture), fetched with the person's token like every other call. */
documentsRoutes.get('/api/v1/documents/:id/thumb', async (c) => {
  const { row } = await visibleDocument(c)
  if (!row.thumb_key) throw notFound()
  return sendStored(c, c.get('deps').storage, row.thumb_key, { 'Content-Type': 'image/webp' })
})

/** The file itself, at a signed address: refused when altered, expired, or made for an older file. */
documentsRoutes.get('/files/documents/:id', async (c) => {
  const college = c.get('college')
  if (!college) throw notFound()
  const { db, storage, config } = c.get('deps')
  const row = await tenantScope(db, college.id)
    .selectFrom('documents')
    .innerJoin('document_files', 'document_files.id', 'documents.file_id')
    .select([
      'documents.id',
      'documents.file_id',
      'document_files.file_key',
      'document_files.mime',
      'document_files.name',
    ])
    .where('documents.id', '=', documentId(c.req.param('id')))
    .where('documents.deleted_at', 'is', null)
    .executeTakeFirst()
  const check = row
    ? checkLink(config.appKey, subjectOf(row), c.req.query())
    : { ok: false as const, expired: false }
  if (!check.ok) {
    if (check.expired) throw new ApiError(403, messages.documentLinkExpired)
    throw notFound()
  }
  const disposition: Disposition = check.disposition
  return sendStored(c, storage, row!.file_key, {
    'Content-Type': row!.mime,
    'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(row!.name)}`,
    'Cache-Control': 'private, no-store',
  })
})
