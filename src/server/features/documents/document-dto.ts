// Rows of documents become the API's CollegeDocument: file, author and (for those who manage
// documents) the audience, loaded in at most four queries for any number of rows.
import type { Kysely, Selectable } from 'kysely'
import type { CollegeDocument, DocumentFile, DocumentKind } from '#shared/documents.schema.ts'
import type { Database, DocumentFilesTable, DocumentsTable } from '../../db/schema.ts'
import { anyOf } from '../../platform/any-of.ts'
import { personName } from '../../platform/person-name.ts'
import { groupBy, targetLists } from '../../platform/targets.ts'
import { tenantScope } from '../../platform/tenant-scope.ts'

export function toFileDto(
  row: Pick<Selectable<DocumentFilesTable>, 'id' | 'kind' | 'name' | 'size' | 'pages' | 'thumb_key'>,
): DocumentFile {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    name: row.name,
    size: row.size,
    pages: row.pages,
    has_thumb: row.thumb_key !== null,
  }
}

export async function toDocumentDtos(
  db: Kysely<Database>,
  collegeId: number,
  rows: Selectable<DocumentsTable>[],
  withAudience: boolean,
): Promise<CollegeDocument[]> {
  if (rows.length === 0) return []
  const scope = tenantScope(db, collegeId)
  const ids = rows.map((r) => r.id)
  const [files, authors, targets] = await Promise.all([
    scope
      .selectFrom('document_files')
      .select(['id', 'kind', 'name', 'size', 'pages', 'thumb_key'])
      .where(
        anyOf(
          db,
          'id',
          rows.map((r) => r.file_id),
        ),
      )
      .execute(),
    scope
      .selectFrom('users')
      .select(['id', 'name', 'first_lastname'])
      .where(anyOf(db, 'id', [...new Set(rows.map((r) => r.author_id))]))
      .execute(),
    withAudience
      ? scope
          .selectFrom('document_targets')
          .leftJoin('users', 'users.id', 'document_targets.user_id')
          .select([
            'document_targets.document_id',
            'document_targets.grade_id',
            'document_targets.course_id',
            'document_targets.user_id',
            'users.name',
            'users.first_lastname',
          ])
          .where(anyOf(db, 'document_targets.document_id', ids))
          .orderBy('document_targets.id')
          .execute()
      : Promise.resolve([]),
  ])
  const fileById = new Map(files.map((f) => [f.id, toFileDto(f)]))
  const authorById = new Map(authors.map((a) => [a.id, personName(a)]))
  const targetsByDocument = groupBy(targets, (t) => t.document_id)
  return rows.map((row) => {
    const own = targetsByDocument.get(row.id) ?? []
    const groups = own.filter((t) => t.user_id === null)
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      category_id: row.category_id,
      published_on: row.published_on,
      file: fileById.get(row.file_id)!,
      author: { id: row.author_id, name: authorById.get(row.author_id) ?? '' },
      created_at: row.created_at,
      updated_at: row.updated_at,
      audience: withAudience
        ? {
            ...(groups.length ? targetLists(groups) : { grades: [], courses: [] }),
            users: own
              .filter((t) => t.user_id !== null)
              .map((t) => ({ id: t.user_id!, name: personName(t) })),
          }
        : null,
    }
  })
}
