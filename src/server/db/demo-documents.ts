// The demo's documents: a circular for everyone, a form for one course and a report card for one
// family, as small real PDFs in nested folders, so a newcomer sees what each audience gets.
import type { Kysely } from 'kysely'
import { slugify } from '#shared/slug.ts'
import { todayIn } from '#shared/time-zones.ts'
import { randomToken } from '../platform/secrets.ts'
import type { Storage } from '../platform/storage.ts'
import { takeVersion } from '../platform/sync-versions.ts'
import type { Database } from './schema.ts'

/** A one-page PDF with lines of Helvetica text (Latin-1, so Spanish accents print). */
export function tinyPdf(lines: string[]): Buffer {
  const literal = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`)
  const stream = `BT /F1 14 Tf 60 780 Td 18 TL ${lines.map((l) => `(${literal(l)}) '`).join(' ')} ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

type DemoDocument = {
  title: string
  description: string
  folder: string[]
  author: string
  file: string
  lines: string[]
  /** Omitted: the whole college. */
  course?: string
  person?: string
}

const DOCUMENTS: DemoDocument[] = [
  {
    title: 'Circular N° 12: inicio del segundo semestre',
    description: 'Horarios, uniforme y fechas importantes del semestre.',
    folder: ['Circulares', '2026'],
    author: 'admin@demo.test',
    file: 'circular-12.pdf',
    lines: ['Circular N° 12', 'Estimadas familias:', 'El segundo semestre comienza el lunes a las 8:00.'],
  },
  {
    title: 'Autorización salida pedagógica al museo',
    description: 'Firmar y devolver a la profesora jefe antes del viernes.',
    folder: ['Formularios'],
    author: 'staff@demo.test',
    file: 'autorizacion-museo.pdf',
    course: '1° Básico A',
    lines: ['Autorización de salida pedagógica', 'Yo, ____________, autorizo a mi pupilo(a)...'],
  },
  {
    title: 'Informe de notas: primer semestre',
    description: 'Informe personal de Tomás.',
    folder: ['Informes de notas'],
    author: 'staff@demo.test',
    file: 'informe-notas-tomas.pdf',
    person: 'student@demo.test',
    lines: ['Informe de notas - primer semestre', 'Alumno: Tomás Apoderada', 'Promedio general: 6,4'],
  },
]

export async function seedDemoDocuments(
  trx: Kysely<Database>,
  storage: Storage,
  collegeId: number,
  ids: { users: Map<string, number>; courses: Map<string, number> },
  now: string,
): Promise<void> {
  const { timezone } = await trx
    .selectFrom('colleges')
    .select('timezone')
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow()
  const folders = new Map<string, number>()
  const folderOf = async (path: string[]): Promise<number> => {
    let parent: number | null = null
    for (const [depth, name] of path.entries()) {
      const key = path.slice(0, depth + 1).join('/')
      let id = folders.get(key)
      if (id === undefined) {
        const row = await trx
          .insertInto('document_categories')
          .values({
            college_id: collegeId,
            parent_id: parent,
            name,
            slug: slugify(name),
            version: await takeVersion(trx, collegeId),
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = row.id
        folders.set(key, id)
      }
      parent = id
    }
    return parent!
  }
  for (const [i, doc] of DOCUMENTS.entries()) {
    const tail = `${String(collegeId).padStart(4, '0')}${String(i).padStart(8, '0')}`
    const documentId = `00000000-0000-7000-b000-${tail}`
    const fileId = `00000000-0000-7000-b100-${tail}`
    const data = tinyPdf(doc.lines)
    const fileKey = `documents/${collegeId}/${randomToken(18)}.pdf`
    await storage.put(fileKey, data)
    await trx
      .insertInto('document_files')
      .values({
        id: fileId,
        college_id: collegeId,
        uploader_id: ids.users.get(doc.author)!,
        kind: 'pdf',
        mime: 'application/pdf',
        name: doc.file,
        size: data.length,
        pages: 1,
        file_key: fileKey,
        thumb_key: null,
        created_at: now,
      })
      .execute()
    await trx
      .insertInto('documents')
      .values({
        id: documentId,
        college_id: collegeId,
        author_id: ids.users.get(doc.author)!,
        category_id: await folderOf(doc.folder),
        file_id: fileId,
        title: doc.title,
        description: doc.description,
        published_on: todayIn(timezone, new Date(now)),
        version: await takeVersion(trx, collegeId),
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const courseId = doc.course ? ids.courses.get(doc.course)! : null
    const grade = courseId
      ? (
          await trx
            .selectFrom('courses')
            .select('grade_id')
            .where('id', '=', courseId)
            .executeTakeFirstOrThrow()
        ).grade_id
      : null
    await trx
      .insertInto('document_targets')
      .values({
        college_id: collegeId,
        document_id: documentId,
        grade_id: grade,
        course_id: courseId,
        user_id: doc.person ? ids.users.get(doc.person)! : null,
      })
      .execute()
  }
}
