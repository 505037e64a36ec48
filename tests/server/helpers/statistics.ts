// A college whose activity in March 2025 can be counted by hand (see statistics.test.ts for the
// counts), written straight into the tables with the exact times each figure depends on. Seeding the
// same activity into two colleges shows that neither one's rows reach the other's figures.
import type { Insertable } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Database } from '#server/db/schema.ts'
import { createCollegeRoles } from '#server/platform/built-in-roles.ts'
import { sha256 } from '#server/platform/secrets.ts'
import type { TestApp } from './test-app.ts'

/** The period every count is for: March 2025 in Santiago (UTC-3 all month). */
export const MARCH = { from: '2025-03-01', to: '2025-03-31' }

const DAY = 86_400_000
/** `iso` plus some minutes. */
export const after = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString()
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString()

export type StatisticsCollege = {
  collegeId: number
  host: string
  /** Bearer tokens already stored, by who holds them. */
  tokens: { admin: string; staff: string; guardian: string }
  users: Record<'admin' | 'staff1' | 'g1' | 'g2' | 'g3' | 'g4' | 't1' | 't2' | 't3', number>
  posts: Record<'p1' | 'p2' | 'p3' | 'p6' | 'p7', string>
}

export async function seedStatisticsCollege(
  t: TestApp,
  slug: string,
  host: string,
): Promise<StatisticsCollege> {
  const { db } = t
  const stamp = new Date().toISOString()
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow()
  const { id: collegeId } = await db
    .insertInto('colleges')
    .values({
      slug,
      name: `Colegio ${slug}`,
      short_name: slug,
      acronym: '',
      address: '',
      commune_id: null,
      email: `${slug}@stats.test`,
      phone: '',
      image: '',
      image_menu: '',
      image_splash: '',
      logo: '',
      have_advertising: 0,
      show_onboarding: 0,
      app_status_publishing: 1,
      theme_color: '#1d4ed8',
      language: 'es',
      places: '[]',
      smtp_host: null,
      smtp_port: null,
      smtp_secure: 0,
      smtp_user: null,
      smtp_password_enc: null,
      smtp_from: null,
      timezone: 'America/Santiago',
      currency: 'CLP',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('college_domains').values({ college_id: collegeId, host }).execute()
  const roles = await createCollegeRoles(db, collegeId)
  // A role of the college's own with nobody in it: not listed.
  const custom = await db
    .insertInto('roles')
    .values({ college_id: collegeId, key: `custom-new-${slug}`, name: 'Inspector' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .updateTable('roles')
    .set({ key: `custom-${custom.id}` })
    .where('id', '=', custom.id)
    .execute()

  const grade = async (name: string, position: number) =>
    (
      await db
        .insertInto('grades')
        .values({ college_id: collegeId, name, position })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const course = async (gradeId: number, name: string) =>
    (
      await db
        .insertInto('courses')
        .values({ college_id: collegeId, grade_id: gradeId, name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const grade1 = await grade('1° Básico', 1)
  const grade2 = await grade('2° Básico', 2)
  const course1A = await course(grade1, '1° Básico A')
  const course1B = await course(grade1, '1° Básico B')
  const course2A = await course(grade2, '2° Básico A')

  let people = 0
  const person = async (
    role: 'admin' | 'staff' | 'guardian' | 'student' | 'company',
    deactivated = false,
  ) => {
    people++
    const row = await db
      .insertInto('users')
      .values({
        college_id: collegeId,
        role_id: roles.get(role)!,
        name: `${role} ${people}`,
        first_lastname: slug,
        second_lastname: '',
        email: `${role}${people}@${slug}.test`,
        rut: '',
        phone: '',
        birthdate: '',
        avatar: null,
        password_hash,
        locale: null,
        created_at: stamp,
        updated_at: stamp,
        deactivated_at: deactivated ? stamp : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const admin = await person('admin')
  const staff1 = await person('staff')
  const staff2 = await person('staff')
  const staff3 = await person('staff', true)
  const g1 = await person('guardian')
  const g2 = await person('guardian')
  const g3 = await person('guardian')
  const g4 = await person('guardian')
  const t1 = await person('student')
  const t2 = await person('student')
  const t3 = await person('student')
  const company = await person('company')
  await db
    .insertInto('enrollments')
    .values([
      { college_id: collegeId, student_id: t1, course_id: course1A },
      { college_id: collegeId, student_id: t2, course_id: course1B },
      { college_id: collegeId, student_id: t3, course_id: course2A },
    ])
    .execute()
  await db
    .insertInto('guardianships')
    .values(
      [
        [g1, t1],
        [g4, t1],
        [g2, t2],
        [g3, t3],
      ].map(([guardian, student]) => ({
        college_id: collegeId,
        guardian_id: guardian!,
        student_id: student!,
      })),
    )
    .execute()

  // Sign-ins: when each was last used, and which ones run the installed app.
  const tokens = { admin: `admin-${slug}`, staff: `staff-${slug}`, guardian: `guardian-${slug}` }
  const token = (userId: number, lastUsed: string | null, installed = false, secret = uuidv7()) => ({
    college_id: collegeId,
    user_id: userId,
    token_hash: sha256(secret),
    name: 'test',
    created_at: stamp,
    last_used_at: lastUsed,
    installed_at: installed ? stamp : null,
  })
  await db
    .insertInto('access_tokens')
    .values([
      token(admin, ago(0), false, tokens.admin),
      token(staff1, ago(2), false, tokens.staff),
      token(staff2, ago(20)),
      token(staff3, ago(1)),
      token(g1, ago(1), true, tokens.guardian),
      token(g1, ago(50)),
      token(g2, ago(10)),
      token(g4, ago(40), true),
      token(company, ago(3)),
    ])
    .execute()
  await db
    .insertInto('push_subscriptions')
    .values(
      [g1, g2, staff1].map((userId) => ({
        college_id: collegeId,
        user_id: userId,
        endpoint: `https://push.example.test/${slug}/${userId}`,
        p256dh: 'key',
        auth: 'auth',
        created_at: stamp,
      })),
    )
    .execute()

  // Posts: P1 for everyone, P2 for 1° Básico A, P3 for all of 1° Básico, P7 for both 1° Básico A and
  // all of 1° Básico (its families once each), P6 for 2° Básico A late on 31 March (local); P4
  // deleted; P5 early on 1 March UTC, which is still 28 February in Santiago.
  const posts: Insertable<Database['posts']>[] = []
  const targets: Insertable<Database['post_targets']>[] = []
  const post = (
    title: string,
    publishAt: string,
    target:
      | { grade_id: number | null; course_id: number | null }
      | { grade_id: number | null; course_id: number | null }[],
    deleted = false,
  ) => {
    const id = uuidv7()
    posts.push({
      id,
      college_id: collegeId,
      author_id: admin,
      category_id: null,
      title,
      content: '<p>.</p>',
      publish_at: publishAt,
      announced: 1,
      version: 1,
      deleted_at: deleted ? stamp : null,
      created_at: publishAt,
      updated_at: publishAt,
    })
    for (const each of [target].flat()) targets.push({ college_id: collegeId, post_id: id, ...each })
    return id
  }
  const whole = { grade_id: null, course_id: null }
  const p1 = post('P1 todos', '2025-03-03T12:00:00.000Z', whole)
  const p2 = post('P2 1° A', '2025-03-10T15:00:00.000Z', { grade_id: grade1, course_id: course1A })
  const p3 = post('P3 1° Básico', '2025-03-20T10:00:00.000Z', { grade_id: grade1, course_id: null })
  post('P4 borrado', '2025-03-12T10:00:00.000Z', whole, true)
  post('P5 febrero', '2025-03-01T02:00:00.000Z', whole)
  const p6 = post('P6 2° A', '2025-04-01T02:30:00.000Z', { grade_id: grade2, course_id: course2A })
  const p7 = post('P7 1° A y 1° Básico', '2025-03-25T10:00:00.000Z', [
    { grade_id: grade1, course_id: course1A },
    { grade_id: grade1, course_id: null },
  ])
  await db.insertInto('posts').values(posts).execute()
  await db.insertInto('post_targets').values(targets).execute()
  const publishedAt = new Map(posts.map((p) => [p.id, p.publish_at]))
  const read = (postId: string, userId: number, minutes: number) => ({
    college_id: collegeId,
    post_id: postId,
    user_id: userId,
    read_at: after(publishedAt.get(postId)!, minutes),
    version: 1,
  })
  await db
    .insertInto('post_reads')
    .values([
      read(p1, g1, 30),
      read(p1, t1, 90),
      read(p1, staff1, 10), // staff: not among the families the post reached
      read(p2, g4, 60),
      read(p3, g2, 240),
      read(p3, t2, 20),
      read(p3, g3, 5), // G3's child is in 2° Básico: P3 never reached her
      read(p7, g1, 15),
    ])
    .execute()

  // Notifications: two sends and one of no send, one emergency, one before the period.
  const notification = (
    userId: number,
    sendId: string | null,
    createdAt: string,
    read: number | null,
    extra: { emergency?: number; answer?: string; answeredAfter?: number } = {},
  ) => ({
    id: uuidv7(),
    college_id: collegeId,
    user_id: userId,
    title: 'Aviso',
    content: '.',
    scope: 'users',
    emergency: extra.emergency ?? 0,
    read_at: read === null ? null : after(createdAt, read),
    created_at: createdAt,
    version: 1,
    send_id: sendId,
    answer: extra.answer ?? null,
    answered_at: extra.answeredAfter === undefined ? null : after(createdAt, extra.answeredAfter),
    delivered_at: null,
  })
  const n1 = '2025-03-05T12:00:00.000Z'
  const n2 = '2025-03-15T12:00:00.000Z'
  const e1 = '2025-03-25T12:00:00.000Z'
  const [s1, s2, s3, sOld] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()]
  const urgent = (answer: string, minutes: number) => ({ emergency: 1, answer, answeredAfter: minutes })
  const send = (id: string, sentAt: string, recipients: number, emergency = 0) => ({
    id,
    college_id: collegeId,
    author_id: admin,
    title: 'Aviso',
    content: '.',
    emergency,
    scope: 'users',
    target_ids: '[]',
    send_at: sentAt,
    sent_at: sentAt,
    cancelled_at: null,
    recipients,
    created_at: sentAt,
  })
  await db
    .insertInto('notification_sends')
    .values([
      send(s1, n1, 3),
      send(s2, n2, 1),
      send(s3, e1, 4, 1),
      send(sOld, '2025-02-10T12:00:00.000Z', 1),
      // Cancelled, and one that found nobody: neither was sent to anyone.
      { ...send(uuidv7(), n2, 0), sent_at: null, cancelled_at: n2 },
      send(uuidv7(), n2, 0),
    ])
    .execute()
  await db
    .insertInto('notifications')
    .values([
      notification(g1, s1, n1, 10),
      notification(g2, s1, n1, 50),
      notification(t1, s1, n1, null),
      notification(g3, s2, n2, 100),
      notification(staff1, null, '2025-03-16T12:00:00.000Z', null),
      notification(g1, sOld, '2025-02-10T12:00:00.000Z', 5),
      notification(g1, s3, e1, 5, urgent('safe', 5)),
      notification(g2, s3, e1, 15, urgent('help', 15)),
      notification(g3, s3, e1, 25, urgent('read', 25)),
      notification(g4, s3, e1, null, { emergency: 1 }),
    ])
    .execute()

  // Conversations: G1 with staff late on Sunday 9 March (local; Monday in UTC), G2 with the admin,
  // a student answering staff late on 31 March and answered after the period.
  const conversation = async (createdBy: number) => {
    const id = uuidv7()
    await db
      .insertInto('conversations')
      .values({
        id,
        college_id: collegeId,
        kind: 'direct',
        title: '',
        created_by: createdBy,
        closed_at: null,
        closed_by: null,
        last_message_at: stamp,
        created_at: stamp,
      })
      .execute()
    return id
  }
  const [c1, c2, c3] = [await conversation(g1), await conversation(g2), await conversation(staff1)]
  const message = (conversationId: string, authorId: number, writtenAt: string) => ({
    id: uuidv7(),
    college_id: collegeId,
    conversation_id: conversationId,
    author_id: authorId,
    body: '.',
    private_to: null,
    written_at: writtenAt,
    created_at: writtenAt,
  })
  await db
    .insertInto('messages')
    .values([
      message(c1, g1, '2025-03-10T02:00:00.000Z'),
      message(c1, g1, '2025-03-10T02:10:00.000Z'),
      message(c1, staff1, '2025-03-10T02:40:00.000Z'),
      message(c1, g1, '2025-03-10T02:50:00.000Z'),
      message(c2, g2, '2025-03-11T12:00:00.000Z'),
      message(c2, admin, '2025-03-11T14:00:00.000Z'),
      message(c2, admin, '2025-03-11T14:05:00.000Z'),
      message(c3, staff1, '2025-03-18T09:00:00.000Z'),
      message(c3, t3, '2025-03-31T23:00:00.000Z'),
      message(c3, staff1, '2025-04-01T05:00:00.000Z'),
      message(c2, g2, '2025-02-20T12:00:00.000Z'),
    ])
    .execute()

  // Fees due in March: 10,000 for everyone (3 students), 5,000 for 1° Básico with T2 exempt; one
  // due in April and one deleted do not count.
  const fee = async (amount: number, gradeId: number | null, due: string, deleted = false) =>
    (
      await db
        .insertInto('fees')
        .values({
          college_id: collegeId,
          concept: `Cuota ${amount}`,
          type: 'other',
          amount,
          grade_id: gradeId,
          init_date: '2025-02-01',
          end_date: due,
          series_id: null,
          version: 1,
          deleted_at: deleted ? stamp : null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const f1 = await fee(10_000, null, '2025-03-10')
  const f2 = await fee(5_000, grade1, '2025-03-31')
  const f3 = await fee(8_000, grade2, '2025-04-01')
  const f4 = await fee(7_000, null, '2025-03-15', true)
  await db
    .insertInto('fee_adjustments')
    .values({
      college_id: collegeId,
      fee_id: f2,
      student_id: t2,
      kind: 'exemption',
      discount: 5_000,
      reason: 'Beca',
      created_by: admin,
      created_at: stamp,
    })
    .execute()
  let code = 0
  const payment = (feeId: number, studentId: number, amount: number, status: string) => ({
    id: uuidv7(),
    college_id: collegeId,
    code: `P-${++code}`,
    fee_id: feeId,
    student_id: studentId,
    payer_id: null,
    recorded_by: admin,
    amount,
    status,
    method: 'cash',
    note: '',
    paid_at: status === 'approved' ? stamp : null,
    expires_at: null,
    version: 1,
    created_at: stamp,
    updated_at: stamp,
  })
  await db
    .insertInto('payments')
    .values([
      payment(f1, t1, 10_000, 'approved'),
      payment(f1, t2, 10_000, 'approved'),
      payment(f1, t3, 10_000, 'rejected'),
      payment(f2, t1, 5_000, 'approved'),
      payment(f3, t3, 8_000, 'approved'),
      payment(f4, t3, 7_000, 'approved'),
    ])
    .execute()

  // Documents: two published in March, one in February, one deleted; first opens around the edges.
  const documentOn = async (day: string, deleted = false) => {
    const fileId = uuidv7()
    await db
      .insertInto('document_files')
      .values({
        id: fileId,
        college_id: collegeId,
        uploader_id: admin,
        kind: 'pdf',
        mime: 'application/pdf',
        name: 'circular.pdf',
        size: 10,
        pages: 1,
        file_key: `documents/${fileId}.pdf`,
        thumb_key: null,
        created_at: stamp,
      })
      .execute()
    const id = uuidv7()
    await db
      .insertInto('documents')
      .values({
        id,
        college_id: collegeId,
        author_id: admin,
        category_id: null,
        file_id: fileId,
        title: `Circular ${day}`,
        description: '',
        published_on: day,
        version: 1,
        deleted_at: deleted ? stamp : null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    return id
  }
  const d1 = await documentOn('2025-03-02')
  const d2 = await documentOn('2025-03-20')
  const d3 = await documentOn('2025-02-27')
  await documentOn('2025-03-15', true)
  const open = (documentId: string, userId: number, at: string) => ({
    college_id: collegeId,
    document_id: documentId,
    user_id: userId,
    opened_at: at,
    version: 1,
  })
  await db
    .insertInto('document_opens')
    .values([
      open(d1, g1, '2025-03-02T15:00:00.000Z'),
      open(d1, g2, '2025-03-31T23:30:00.000Z'),
      open(d2, g1, '2025-03-21T12:00:00.000Z'),
      open(d3, t1, '2025-03-05T12:00:00.000Z'),
      open(d1, g3, '2025-04-01T04:00:00.000Z'),
      open(d1, g4, '2025-03-01T01:00:00.000Z'),
    ])
    .execute()

  return {
    collegeId,
    host,
    tokens,
    users: { admin, staff1, g1, g2, g3, g4, t1, t2, t3 },
    posts: { p1, p2, p3, p6, p7 },
  }
}
