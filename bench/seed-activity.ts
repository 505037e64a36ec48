// A year of what the statistics dashboard counts, on top of the bench college's people and posts:
// sign-ins (some of the installed app), push subscriptions, reads of the last year's posts, sends to
// every family, emergencies with answers, conversations between families and staff, monthly fees with
// their payments, and documents with their opens. Rows are made in memory and inserted in batches.
import type { Insertable, Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { Database } from '#server/db/schema.ts'
import { sha256 } from '#server/platform/secrets.ts'

export type ActivitySizes = {
  /** Reads of each post published in the last year, by families picked at random. */
  readsPerPost: number
  /** Notifications of the last year sent to every family (one row per family each). */
  familySends: number
  conversations: number
  documents: number
  /** Of each document, the share of families who opened it. */
  openShare: number
}

const DAY = 86_400_000

type Insert = <T extends keyof Database>(
  table: T,
  rows: Insertable<Database[T]>[],
  columns: number,
) => Promise<void>

export async function seedActivity(
  trx: Kysely<Database>,
  collegeId: number,
  sizes: ActivitySizes,
  rnd: () => number,
  insert: Insert,
) {
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const yearAgo = now - 365 * DAY
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!
  /** Minutes until someone gets to it: most within hours, a few days later. */
  const delay = () => Math.floor(-Math.log(1 - rnd() * 0.999) * 600) * 60_000
  const people = await trx
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'roles.key'])
    .where('users.college_id', '=', collegeId)
    .execute()
  const families = people.filter((p) => p.key === 'guardian' || p.key === 'student').map((p) => p.id)
  const guardians = people.filter((p) => p.key === 'guardian').map((p) => p.id)
  const staff = people.filter((p) => p.key === 'staff' || p.key === 'admin').map((p) => p.id)
  const admin = people.find((p) => p.key === 'admin')!.id

  // Sign-ins: nine in ten people used the app in the last 45 days; two in five families installed it.
  const stamp = iso(now)
  await insert(
    'access_tokens',
    people
      .filter(() => rnd() < 0.9)
      .map((p) => ({
        college_id: collegeId,
        user_id: p.id,
        token_hash: sha256(`bench-activity-${p.id}`),
        name: 'bench',
        created_at: stamp,
        last_used_at: iso(now - rnd() * 45 * DAY),
        installed_at: p.key === 'guardian' && rnd() < 0.4 ? stamp : null,
      })),
    7,
  )
  await insert(
    'push_subscriptions',
    guardians
      .filter(() => rnd() < 0.5)
      .map((id) => ({
        college_id: collegeId,
        user_id: id,
        endpoint: `https://push.bench.test/${id}`,
        p256dh: 'key',
        auth: 'auth',
        created_at: stamp,
      })),
    6,
  )

  // Reads of the last year's posts.
  const posts = await trx
    .selectFrom('posts')
    .select(['id', 'publish_at'])
    .where('college_id', '=', collegeId)
    .where('publish_at', '>=', iso(yearAgo))
    .where('publish_at', '<=', stamp)
    .execute()
  const reads: Insertable<Database['post_reads']>[] = []
  for (const post of posts) {
    const readers = new Set<number>()
    while (readers.size < Math.min(sizes.readsPerPost, families.length)) readers.add(pick(families))
    for (const userId of readers) {
      const at = Math.min(now, Date.parse(post.publish_at) + delay())
      reads.push({ college_id: collegeId, post_id: post.id, user_id: userId, read_at: iso(at), version: 0 })
    }
  }
  await insert('post_reads', reads, 5)

  // Sends to every family, one in ten an emergency that most families answer.
  const sends: Insertable<Database['notification_sends']>[] = []
  const notifications: Insertable<Database['notifications']>[] = []
  for (let s = 0; s < sizes.familySends; s++) {
    const sentAt = yearAgo + ((s + rnd()) / sizes.familySends) * 365 * DAY
    const sendId = uuidv7({ msecs: sentAt })
    const emergency = s % 10 === 0
    sends.push({
      id: sendId,
      college_id: collegeId,
      author_id: admin,
      title: 'Aviso',
      content: 'Aviso a las familias.',
      emergency: emergency ? 1 : 0,
      scope: 'college',
      target_ids: '[]',
      send_at: iso(sentAt),
      sent_at: iso(sentAt),
      cancelled_at: null,
      recipients: families.length,
      created_at: iso(sentAt),
    })
    for (const userId of families) {
      const seen = rnd() < 0.7 ? iso(Math.min(now, sentAt + delay())) : null
      const answer = emergency && seen ? (rnd() < 0.9 ? 'safe' : 'help') : null
      notifications.push({
        id: uuidv7({ msecs: sentAt }),
        college_id: collegeId,
        user_id: userId,
        title: 'Aviso',
        content: 'Aviso a las familias.',
        scope: 'college',
        emergency: emergency ? 1 : 0,
        read_at: seen,
        created_at: iso(sentAt),
        version: 0,
        send_id: sendId,
        answer,
        answered_at: answer ? seen : null,
      })
    }
  }
  await insert('notification_sends', sends, 13)
  await insert('notifications', notifications, 13)

  // Conversations a family starts with staff: a few messages each way over a day or two.
  const conversations: Insertable<Database['conversations']>[] = []
  const messages: Insertable<Database['messages']>[] = []
  for (let i = 0; i < sizes.conversations; i++) {
    const family = pick(families)
    const teacher = pick(staff)
    let at = yearAgo + rnd() * 360 * DAY
    const id = uuidv7({ msecs: at })
    const count = 2 + Math.floor(rnd() * 8)
    for (let m = 0; m < count; m++) {
      messages.push({
        id: uuidv7({ msecs: at }),
        college_id: collegeId,
        conversation_id: id,
        author_id: m % 2 === 0 ? family : teacher,
        body: 'Mensaje',
        private_to: null,
        written_at: iso(at),
        created_at: iso(at),
      })
      at += delay()
    }
    conversations.push({
      id,
      college_id: collegeId,
      kind: 'direct',
      title: '',
      created_by: family,
      closed_at: null,
      closed_by: null,
      last_message_at: iso(at),
      created_at: messages.at(-count)!.created_at,
    })
  }
  await insert('conversations', conversations, 9)
  await insert('messages', messages, 8)

  await seedFees(trx, collegeId, admin, rnd, insert)

  // Documents of the last year for the whole college, opened by a share of the families.
  const files: Insertable<Database['document_files']>[] = []
  const documents: Insertable<Database['documents']>[] = []
  const targets: Insertable<Database['document_targets']>[] = []
  const opens: Insertable<Database['document_opens']>[] = []
  for (let i = 0; i < sizes.documents; i++) {
    const at = yearAgo + ((i + rnd()) / sizes.documents) * 365 * DAY
    const fileId = uuidv7({ msecs: at })
    const id = uuidv7({ msecs: at })
    files.push({
      id: fileId,
      college_id: collegeId,
      uploader_id: admin,
      kind: 'pdf',
      mime: 'application/pdf',
      name: 'circular.pdf',
      size: 1000,
      pages: 1,
      file_key: `bench/${fileId}.pdf`,
      thumb_key: null,
      created_at: iso(at),
    })
    documents.push({
      id,
      college_id: collegeId,
      author_id: admin,
      category_id: null,
      file_id: fileId,
      title: `Circular ${i + 1}`,
      description: '',
      published_on: iso(at).slice(0, 10),
      version: 0,
      deleted_at: null,
      created_at: iso(at),
      updated_at: iso(at),
    })
    targets.push({ college_id: collegeId, document_id: id, grade_id: null, course_id: null, user_id: null })
    for (const userId of families)
      if (rnd() < sizes.openShare)
        opens.push({
          college_id: collegeId,
          document_id: id,
          user_id: userId,
          opened_at: iso(Math.min(now, at + delay())),
          version: 0,
        })
  }
  await insert('document_files', files, 11)
  await insert('documents', documents, 12)
  await insert('document_targets', targets, 5)
  await insert('document_opens', opens, 5)
  return {
    reads: reads.length,
    notifications: notifications.length,
    messages: messages.length,
    opens: opens.length,
  }
}

/** A monthly fee per grade over the last year, paid by three students in four (some by hand). */
async function seedFees(
  trx: Kysely<Database>,
  collegeId: number,
  admin: number,
  rnd: () => number,
  insert: Insert,
) {
  const enrolled = await trx
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select(['enrollments.student_id', 'courses.grade_id'])
    .where('enrollments.college_id', '=', collegeId)
    .execute()
  const grades = [...new Set(enrolled.map((e) => e.grade_id))]
  const stamp = new Date().toISOString()
  const fees = grades.flatMap((gradeId) =>
    Array.from({ length: 12 }, (_, m) => {
      const due = new Date(Date.now() - (11 - m) * 30 * DAY).toISOString().slice(0, 10)
      return {
        college_id: collegeId,
        concept: `Mensualidad ${due.slice(0, 7)}`,
        type: 'tuition',
        amount: 45_000,
        grade_id: gradeId,
        init_date: `${due.slice(0, 7)}-01`,
        end_date: due,
        series_id: `bench-${gradeId}`,
        version: 0,
        deleted_at: null,
        created_at: stamp,
        updated_at: stamp,
      }
    }),
  )
  await insert('fees', fees, 12)
  const stored = await trx
    .selectFrom('fees')
    .select(['id', 'grade_id', 'amount'])
    .where('college_id', '=', collegeId)
    .where('series_id', 'like', 'bench-%')
    .execute()
  const payments: Insertable<Database['payments']>[] = []
  let code = 0
  for (const fee of stored)
    for (const student of enrolled)
      if (student.grade_id === fee.grade_id && rnd() < 0.75)
        payments.push({
          id: uuidv7(),
          college_id: collegeId,
          code: `B-${++code}`,
          fee_id: fee.id,
          student_id: student.student_id,
          payer_id: null,
          recorded_by: admin,
          amount: fee.amount,
          status: 'approved',
          method: 'transfer',
          note: '',
          paid_at: stamp,
          expires_at: null,
          version: 0,
          created_at: stamp,
          updated_at: stamp,
        })
  await insert('payments', payments, 18)
}
