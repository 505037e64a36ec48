// Importing families from a spreadsheet: the preview says what is wrong with each row, a file with
// one bad row writes nothing, and the fixed file imports everyone with their courses and students.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, ImportRow } from '#shared/users.schema.ts'
import { body, EN, type ErrorBody, eventually, userIdOf } from './helpers/http.ts'
import { existingMailFiles } from './helpers/mail.ts'
import { courseIdOf } from './helpers/posts.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.login('admin@demo.test')
})
afterAll(async () => {
  await t.close()
})

function upload(path: string, file: Uint8Array | string, options: { name?: string; welcome?: boolean } = {}) {
  const form = new FormData()
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), options.name ?? 'familias.csv')
  if (options.welcome) form.set('send_welcome', '1')
  return t.request('POST', path, { token: admin, body: form, headers: EN })
}

const preview = async (file: Uint8Array | string) => {
  const res = await upload('/api/v1/users/import/preview', file)
  expect(res.status, await res.clone().text()).toBe(200)
  return body<ImportPreview>(res)
}

const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length
const errorsOf = (rows: ImportRow[]) => Object.fromEntries(rows.map((r) => [r.line, r.errors]))

const HEADER = 'name,first_lastname,email,rut,role,course,students'
const GOOD = [
  'Agustín,Muñoz,agustin@demo.test,13.131.313-6,student,1° Básico B,',
  'Rosa,Muñoz,rosa@demo.test,,guardian,,agustin@demo.test 12.345.678-5',
  'Elena,Díaz,elena@demo.test,12.345.678-5,alumno,2° básico a,',
]
const BAD = [
  'Pablo,Soto,pablo@demo.test,12.345.678-9,student,,',
  'Pablo,Bis,guardian@demo.test,,guardian,,',
  'Clara,Soto,clara@demo.test,,student,3° Medio Z,',
  'Clara,Dup,clara@demo.test,,directora,,',
  'Beto,Soto,beto@demo.test,,guardian,,nobody@demo.test',
]

describe('the preview', () => {
  it('shows every row with the errors of each: bad RUT, emails in use or repeated, unknown course, role or student', async () => {
    const before = await countUsers()
    const result = await preview([HEADER, ...GOOD, ...BAD].join('\n'))
    expect(result).toMatchObject({ total: 8, valid: 3, invalid: 5 })
    expect(errorsOf(result.rows)).toEqual({
      2: {},
      3: {},
      4: {},
      5: { rut: ['Please enter a valid RUT'] },
      6: { email: ['This email address is already in use'] },
      7: { course: ['No course is called "3° Medio Z"'] },
      8: { email: ['This email is also on row 7 of the file'], role: ['No role is called "directora"'] },
      9: { students: ['No student has the RUT or email "nobody@demo.test"'] },
    })
    expect(result.rows[1]).toMatchObject({
      line: 3,
      name: 'Rosa Muñoz',
      role: 'guardian',
      students: 'agustin@demo.test 12.345.678-5',
    })
    expect(await countUsers()).toBe(before)
  })

  it('says what is wrong with a file as a whole: empty, without the needed columns, or not a file', async () => {
    for (const [file, message] of [
      ['', 'The file has no people to import'],
      [HEADER, 'The file has no people to import'],
      ['nombre,correo\nAna,ana@demo.test', 'The file needs these columns: role'],
    ] as const) {
      const res = await upload('/api/v1/users/import/preview', file)
      expect(res.status, file).toBe(422)
      expect((await body<ErrorBody>(res)).errors).toEqual({ file: [message] })
    }
    const notMultipart = await t.request('POST', '/api/v1/users/import/preview', {
      token: admin,
      json: { file: 'x' },
      headers: EN,
    })
    expect(notMultipart.status).toBe(422)
  })
})

describe('the import', () => {
  it('writes nothing when one row is bad, then imports the fixed file with courses, students and audit rows', async () => {
    const before = await countUsers()
    const auditsBefore = (await t.db.selectFrom('audit_log').select('id').execute()).length
    const refused = await upload('/api/v1/users/import', [HEADER, ...GOOD, BAD[0]].join('\n'))
    expect(refused.status).toBe(422)
    const answer = await body<ErrorBody & { preview: ImportPreview }>(refused)
    expect(answer.message).toBe('Some rows have errors. Nothing was imported: fix them and try again.')
    expect(answer.preview.invalid).toBe(1)
    expect(await countUsers()).toBe(before)
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditsBefore)

    const res = await upload('/api/v1/users/import', [HEADER, ...GOOD].join('\n'))
    expect(res.status).toBe(201)
    expect(await body(res)).toEqual({ created: 3 })
    expect(await countUsers()).toBe(before + 3)

    const agustin = await userIdOf(t.db, 'agustin@demo.test', 'demo')
    const elena = await userIdOf(t.db, 'elena@demo.test', 'demo')
    const rosa = await userIdOf(t.db, 'rosa@demo.test', 'demo')
    const detail = await body(await t.request('GET', `/api/v1/users/${rosa}`, { token: admin }))
    expect(detail.students.map((s: { id: number }) => s.id).sort()).toEqual([agustin, elena].sort())
    const elenaDetail = await body(await t.request('GET', `/api/v1/users/${elena}`, { token: admin }))
    expect(elenaDetail.courses).toEqual([{ id: await courseIdOf(t, '2° Básico A'), name: '2° Básico A' }])
    expect(elenaDetail.role.key).toBe('student')
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'user.imported')
      .execute()
    expect(audits.map((a) => Number(a.subject_id)).sort()).toEqual([agustin, rosa, elena].sort())
  })

  it('reads a Latin-1 file separated by semicolons with Spanish titles and dates as dd-mm-yyyy', async () => {
    const text = [
      'Nombre;Apellido paterno;Apellido materno;Correo electrónico;RUT;Teléfono;Fecha de nacimiento;Rol;Curso',
      'Ñandú;Pérez;Güemes;nandu@demo.test;16543210-K;+56 9 1111 2222;05-03-2015;Alumno;1° Básico A',
      '"Soto; María José";Ibáñez;;mariajose@demo.test;;;;Apoderada;',
    ].join('\r\n')
    const latin1 = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)))
    expect(latin1.some((b) => b > 127)).toBe(true)
    const res = await upload('/api/v1/users/import', latin1)
    expect(res.status, await res.clone().text()).toBe(201)
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'nandu@demo.test')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Ñandú',
      first_lastname: 'Pérez',
      second_lastname: 'Güemes',
      rut: '16.543.210-K',
      birthdate: '2015-03-05',
    })
    const guardian = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'mariajose@demo.test')
      .executeTakeFirstOrThrow()
    expect(guardian.name).toBe('Soto; María José')
  })

  it('mails each new person a welcome link when asked to', async () => {
    const seen = await existingMailFiles(t.dataDir)
    const res = await upload(
      '/api/v1/users/import',
      ['name,email,role', 'Uno,welcome1@demo.test,staff', 'Dos,welcome2@demo.test,staff'].join('\n'),
      { welcome: true },
    )
    expect(res.status).toBe(201)
    await eventually(async () =>
      (await existingMailFiles(t.dataDir)).size >= seen.size + 2 ? true : undefined,
    )
  })

  it('imports 2,000 families in one go', async () => {
    const before = await countUsers()
    const lines = ['name,first_lastname,email,role,course']
    for (let i = 0; i < 2000; i++) {
      lines.push(
        i % 2
          ? `Apoderado ${i},Masivo,bulk${i}@demo.test,guardian,`
          : `Alumno ${i},Masivo,bulk${i}@demo.test,student,1° Básico A`,
      )
    }
    const res = await upload('/api/v1/users/import', lines.join('\n'))
    expect(res.status, await res.clone().text()).toBe(201)
    expect(await body(res)).toEqual({ created: 2000 })
    expect(await countUsers()).toBe(before + 2000)
    const enrolled = await t.db
      .selectFrom('enrollments')
      .innerJoin('users', 'users.id', 'enrollments.student_id')
      .select('users.id')
      .where('users.email', 'like', 'bulk%')
      .execute()
    expect(enrolled).toHaveLength(1000)
  })
})
